// Package deposit owns the deposit at the end of a tenancy (issue 45, "The
// deposit back"): first its protection, recorded on a signed agreement
// (the scheme, its reference, the day it was protected and the day the
// prescribed information was served, each checked against the deadline
// counted from the day the deposit was received; the scheme's certificate
// as a file). The deadline and what missing it can cost are data
// (data/deposit.yaml, with sources, checked at start-up).
//
// Who may see what: the landlord who owns the agreement records; the
// tenants named on it (each joint tenant) see it on their home. Everyone
// else, admins included, is told it does not exist. Each change is decided
// in one transaction with the tenancy's row in deposit_tenancies locked.
//
// Planned (issue 45): deductions after a signed check-out, the tenants'
// answers line by line, the return through the wallet, and the evidence
// pack for the scheme's dispute service.
package deposit

import "time"

// Protection is what the landlord recorded of a deposit's protection.
type Protection struct {
	TenancyID    string
	LandlordID   string
	Scheme       string
	Reference    string
	ProtectedOn  string // YYYY-MM-DD, "" until recorded
	InfoServedOn string // the prescribed information, YYYY-MM-DD or ""
	Certificate  *File
	UpdatedAt    time.Time
}

// File is a stored file (PDF, JPEG or PNG, checked by content).
type File struct {
	Key         string
	Name        string
	ContentType string
	Size        int64
	SHA256      string
	UploadedAt  time.Time
}

// The area's messages, plain English.
const (
	MsgNotFound      = "Tenancy not found."
	MsgLandlordOnly  = "Only the landlord can do this."
	MsgNoDeposit     = "This agreement takes no deposit."
	MsgScheme        = "Please choose the scheme that protects the deposit."
	MsgReference     = "Please enter the scheme's reference for this deposit (at most 60 characters, on one line)."
	MsgProtectedOn   = "Please enter the day the scheme protected the deposit."
	MsgInfoServedOn  = "Please enter the day you gave the tenants the prescribed information, or leave it empty until you have."
	MsgFuture        = "This day cannot be in the future."
	MsgBeforeReceipt = "This day cannot be before the day you received the deposit (%s)."
	MsgNotRecorded   = "Please record the scheme and its reference first, then add the certificate."
	MsgNoCertificate = "No certificate has been added yet."
	MsgNotHandled    = "%s"
	MsgFix           = "Please check the highlighted answers."
)
