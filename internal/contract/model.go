// Package contract owns tenancy agreements: the wizard's answers checked
// step by step, the clause libraries kept as data (library/*.yaml), the
// document model generated from them, the landlord's section edits, and the
// contract lists of spec 2. Signing (issue 13) takes a finished draft on
// from here.
package contract

import "time"

// Status of an agreement (spec 2 section 4).
type Status string

const (
	Draft     Status = "Draft"
	ATS       Status = "ATS" // awaiting tenant signatures
	ADS       Status = "ADS" // every signature given, PDF being sealed
	Completed Status = "COMPLETED"
)

// PaymentStatus of the contract fee.
type PaymentStatus string

const (
	PaymentPending   PaymentStatus = "PENDING"
	PaymentCompleted PaymentStatus = "COMPLETED"
)

// DocumentType is the clause libraries' name for tenancy agreements.
const DocumentType = "tenancy-agreement"

// Contract is one agreement.
type Contract struct {
	ID             string
	LandlordID     string
	PropertyID     string
	Status         Status
	PaymentStatus  PaymentStatus
	Jurisdiction   string
	LibraryVersion string
	Answers        Answers
	Edits          map[string]Edit
	Step           Step
	History        []Step
	DuplicatedFrom string
	CreatedAt      time.Time
	UpdatedAt      time.Time
	SentAt         *time.Time
	// DepositReceived is the day the landlord received the deposit
	// (YYYY-MM-DD), "" until they say: the 30 days to protect it count
	// from it. Kept beside the signed text, so it can be corrected.
	DepositReceived string
}

// Messages of the contract lists and records (spec 2 sections 2 and 8).
const (
	MsgNotFound        = "Contract not found."
	MsgNotDraft        = "Only a draft can be changed."
	MsgLandlordsOnly   = "Only landlords can create tenancy contracts."
	MsgTenantsOnly     = "This page is a tenant's home: your own tools are in the menu."
	MsgPropertyMissing = "Please choose one of your properties."
	MsgNoDeposit       = "This agreement takes no deposit."
	MsgDepositDay      = "Please enter the day you received the deposit."
	MsgDepositFuture   = "The day you received the deposit cannot be in the future."
	MsgDepositEarly    = "The day you received the deposit cannot be more than a year before the tenancy starts."
)
