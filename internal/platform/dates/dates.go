// Package dates holds the one range every date the product accepts must
// fall in: events, certificates, agreements, wallet entries. A year 0 or
// year 9999 date is a typing slip, and it costs: a certificate issued
// "0000-01-01" read "Expired 106751 days ago", and a series from year 1 made
// every calendar view walk two thousand years. Every area parses its dates
// with Parse (or checks them with InRange) and shows MsgRange when a date is
// outside; the web date fields carry Min and Max as their min and max.
package dates

import (
	"errors"
	"time"
)

// The range, inclusive, as YYYY-MM-DD (they compare as strings too).
const (
	Min = "1900-01-01"
	Max = "2200-12-31"
)

// MsgRange is the message of a date outside the range (or not a date).
const MsgRange = "Please enter a date between 1 January 1900 and 31 December 2200."

// ErrRange is returned by Parse for a date that is not a date or is outside the range.
var ErrRange = errors.New(MsgRange)

var (
	minTime = time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC)
	maxTime = time.Date(2200, 12, 31, 0, 0, 0, 0, time.UTC)
)

// Parse reads a YYYY-MM-DD date (midnight UTC) and checks it is in the range.
func Parse(s string) (time.Time, error) {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil || !Within(t) {
		return time.Time{}, ErrRange
	}
	return t, nil
}

// InRange says whether s is a YYYY-MM-DD date within the range.
func InRange(s string) bool {
	_, err := Parse(s)
	return err == nil
}

// Within says whether the day of t (its own calendar date) is within the range.
func Within(t time.Time) bool {
	d := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	return !d.Before(minTime) && !d.After(maxTime)
}

// Message is the message for a date field holding s: MsgRange when s is a
// date outside the range, otherwise the area's own message for a missing or
// unreadable date.
func Message(s, otherwise string) string {
	if _, err := time.Parse(time.DateOnly, s); err == nil && !InRange(s) {
		return MsgRange
	}
	return otherwise
}
