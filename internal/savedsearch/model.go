// Package savedsearch owns renters' saved listing searches: a signed-in user
// saves the search page's filters under a name, sees and deletes them, and
// gets at most one e-mail a day per saved search listing what was published
// since the last e-mail (a daily sweep on the job queue; nothing is sent
// when nothing is new). Every e-mail carries an unsubscribe link that works
// without signing in: a random token per e-mail, kept only as its SHA-256.
//
// The listings themselves belong to the property area; this package reads
// them through its Listings interface (adapted in internal/app).
package savedsearch

import (
	"context"
	"net/url"
	"time"
)

// SavedSearch is one saved search. Query is the search page's parameters
// (searchArea, radius, minimumBeds... as web/src/features/listing/searchOptions.ts
// names them), kept in canonical form.
type SavedSearch struct {
	ID        string
	UserID    string
	Name      string
	Query     string
	Emails    bool
	CheckedAt time.Time // listings published after it are new
	CreatedAt time.Time
}

// Listing is a listing as the e-mail shows it.
type Listing struct {
	ID           string
	PropertyType string
	Bedrooms     int
	Town         string
	District     string
	RentPence    int64
	Weekly       bool
	MonthlyPence int64 // weekly x 52 / 12, rounded half up (the property area's figure)
}

// Listings runs searches for this package (the property area's search).
type Listings interface {
	// Check refuses a query the search would refuse (an unknown place, a
	// price that is not a number), with the search's message.
	Check(ctx context.Context, q url.Values) error
	// NewSince lists the listings matching q published after since, newest
	// first, at most limit.
	NewSince(ctx context.Context, q url.Values, since time.Time, limit int) ([]Listing, error)
}

// People gives an account's e-mail address and name.
type People interface {
	Contact(ctx context.Context, userID string) (email, name string, err error)
}

// User-facing texts.
const (
	MsgSaved         = "Search saved. We will e-mail you new listings once a day."
	MsgDeleted       = "Saved search deleted."
	MsgNotFound      = "Saved search not found."
	MsgNameTooLong   = "Please use a name of at most 80 characters."
	MsgTooMany       = "You can keep up to 20 saved searches. Delete one to save another."
	MsgUnsubscribed  = "You will no longer get e-mails for this saved search."
	MsgBadLink       = "This unsubscribe link is not valid. Sign in and open Saved searches to change your e-mails."
	MsgEmailsOn      = "E-mails turned on for this saved search."
	MsgEmailsOff     = "E-mails turned off for this saved search."
	MsgNothingToSave = "Choose at least one filter before saving a search."
)

// Limits.
const (
	MaxPerUser       = 20
	maxNameRunes     = 80
	listingsPerEmail = 20
)

// queryKeys are the search parameters a saved search keeps (the page's
// cursor and sort order are not part of what was searched for).
var queryKeys = []string{"searchArea", "radius", "rentCycle", "minimumRent", "maximumRent",
	"minimumBeds", "maximumBeds", "minimumBathrooms", "maximumBathrooms"}
