// Package openbanking is how a renter's bank data reaches a reference check:
// a provider interface (start a consent, take the callback, fetch accounts,
// holder names and up to 12 months of transactions) and the embedded
// sandbox bank with named personas whose statements are deterministic.
//
// A real provider (TrueLayer, Yapily, ...) can be added behind Provider.
package openbanking

import (
	"context"
	"time"
)

// CallbackPath is where a provider sends the browser back after consent,
// with state and either code or error.
const CallbackPath = "/api/renter-checks/bank-callback"

// Transaction is one statement line. Amounts are pence: credits positive,
// debits negative.
type Transaction struct {
	Date        time.Time
	AmountPence int64
	Description string
}

// Account is one bank account with its holder's name as the bank knows it.
type Account struct {
	Name         string
	HolderName   string
	Transactions []Transaction
}

// Provider is an open-banking provider.
type Provider interface {
	// ConsentURL is where the renter's browser goes to choose a bank and
	// grant access. state comes back unchanged to the callback, with a code
	// or an error. renterName lets the sandbox name its account holder; a
	// real bank knows its own customer.
	ConsentURL(ctx context.Context, state, renterName string) (string, error)
	// Accounts exchanges the callback's code for the accounts and up to 12
	// months of transactions before now.
	Accounts(ctx context.Context, code string, now time.Time) ([]Account, error)
}
