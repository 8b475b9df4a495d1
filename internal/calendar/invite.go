package calendar

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/session"
)

// notice is the data of platform/mail's "notice" template.
type notice struct {
	Name, Heading string
	Paragraphs    []string
}

type inviteKind int

const (
	inviteNew inviteKind = iota
	inviteUpdate
	inviteCancel
)

// Invitation file names and types (RFC 5546 iTIP over e-mail).
const (
	inviteFile   = "invite.ics"
	cancelFile   = "cancel.ics"
	icsType      = "text/calendar; charset=utf-8; method="
	dayFormat    = "Monday 2 January 2006"
	subjectNew   = "Invitation: "
	subjectNewer = "Updated invitation: "
	subjectGone  = "Cancelled: "
)

// when describes an event's time in words, UK time.
func when(e Event) string {
	d, err := time.Parse(dateFmt, e.Date)
	if err != nil {
		return e.Date
	}
	s := fmt.Sprintf("%s, %s to %s (UK time)", d.Format(dayFormat), e.StartTime, e.EndTime)
	switch e.Frequency {
	case Daily:
		s += ", every day"
	case Weekly:
		s += ", every week"
	case Monthly:
		s += ", every month on the same day (months without that day are skipped)"
	case Yearly:
		s += ", every year"
	}
	if e.Frequency != OneOff && e.LimitDate != "" {
		if l, err := time.Parse(dateFmt, e.LimitDate); err == nil {
			s += " until " + l.Format("2 January 2006")
		}
	}
	return s
}

// invite e-mails people about e (an invitation, an update or a
// cancellation) with the .ics file their calendar reads, in tx.
func (s *Service) invite(ctx context.Context, tx db.Conn, from session.Actor, e Event, people []Attendee, kind inviteKind) error {
	if len(people) == 0 {
		return nil
	}
	org := organizer{Email: from.Email, Name: from.FullName}
	method, file, subject, heading := "REQUEST", inviteFile, subjectNew, "You are invited"
	switch kind {
	case inviteUpdate:
		subject, heading = subjectNewer, "The event has changed"
	case inviteCancel:
		method, file, subject, heading = "CANCEL", cancelFile, subjectGone, "The event is cancelled"
	}
	cal := newCalendar(method, "")
	comps, err := eventComponents(e, org, s.now(), kind == inviteCancel, s.d.BaseURL)
	if err != nil {
		return apperr.Wrap(err, "invitation")
	}
	if kind == inviteCancel {
		comps = comps[:1] // the whole series
	}
	cal.Children = append(cal.Children, comps...)
	ics, err := encode(cal)
	if err != nil {
		return apperr.Wrap(err, "encode invitation")
	}
	who := strings.TrimSpace(from.FullName)
	if who == "" {
		who = from.Email
	}
	var paras []string
	if kind == inviteCancel {
		paras = append(paras, fmt.Sprintf("%s has cancelled %q.", who, e.Title))
	} else {
		paras = append(paras, fmt.Sprintf("%s invites you to %q.", who, e.Title))
	}
	paras = append(paras, "When: "+when(e), "Where: "+e.Location.Address)
	if kind != inviteCancel {
		for _, x := range e.Exceptions {
			if x.Deleted {
				paras = append(paras, "Not on "+occurrenceWords(x.Occurrence)+".")
			} else {
				paras = append(paras, "The occurrence of "+occurrenceWords(x.Occurrence)+" moves to "+occurrenceWords(x.Date+"T"+x.StartTime)+".")
			}
		}
		paras = append(paras, e.Description)
	}
	paras = append(paras, "The attached "+file+" file updates your calendar (Google Calendar, Outlook, Apple Calendar).")
	for _, p := range people {
		err := s.d.Mail.Send(ctx, tx, mail.Email{To: p.Email, ReplyTo: from.Email, Subject: subject + e.Title, Template: "notice",
			Data:        notice{Name: p.FirstName, Heading: heading, Paragraphs: paras},
			Attachments: []mail.Attachment{{Name: file, ContentType: icsType + method, Data: ics}}})
		if err != nil {
			return err
		}
	}
	return nil
}

func occurrenceWords(local string) string {
	t, err := time.Parse(localFmt, local)
	if err != nil {
		return local
	}
	return t.Format(dayFormat + " at 15:04")
}

// tellAttendees sends the update to those still invited, the invitation to
// new ones and the cancellation to those taken off.
func (s *Service) tellAttendees(ctx context.Context, tx db.Conn, from session.Actor, before, after Event) error {
	had := map[string]bool{}
	for _, p := range before.Attendees {
		had[p.Email] = true
	}
	has := map[string]bool{}
	var kept, added, removed []Attendee
	for _, p := range after.Attendees {
		has[p.Email] = true
		if had[p.Email] {
			kept = append(kept, p)
		} else {
			added = append(added, p)
		}
	}
	for _, p := range before.Attendees {
		if !has[p.Email] {
			removed = append(removed, p)
		}
	}
	if err := s.invite(ctx, tx, from, after, kept, inviteUpdate); err != nil {
		return err
	}
	if err := s.invite(ctx, tx, from, after, added, inviteNew); err != nil {
		return err
	}
	gone := before
	gone.Sequence = after.Sequence
	return s.invite(ctx, tx, from, gone, removed, inviteCancel)
}
