package calendar

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/dates"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/jobs"
	"github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/platform/text"
	"github.com/omnirent/omnirent/internal/session"
)

// Mailer queues e-mails in the caller's transaction (platform/mail).
type Mailer interface {
	Send(ctx context.Context, conn db.Conn, e mail.Email) error
}

// Properties gives the one-line address of one of the actor's own
// properties (404 for anyone else's).
type Properties interface {
	Address(ctx context.Context, a session.Actor, id string) (string, error)
}

// People gives an account's e-mail and full name (for alerts, sent when
// nobody is signed in).
type People interface {
	Contact(ctx context.Context, userID string) (email, fullName string, err error)
}

// Deps are what the calendar needs from the rest of the product.
type Deps struct {
	DB           *db.DB
	Clock        clock.Clock
	Mail         Mailer
	Jobs         *jobs.Queue
	Properties   Properties
	People       People
	Agreements   Agreements   // nil: no tenancy legal dates
	Certificates Certificates // nil: no certificate expiries (until the documents area is wired)
	Dated        []Dated      // other areas' days for a user (dated.go)
	Rules        *Rules
	BaseURL      string
	Log          *slog.Logger
}

type Service struct{ d Deps }

func NewService(d Deps) *Service {
	if d.Certificates == nil {
		d.Certificates = noCertificates{}
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	s := &Service{d: d}
	if d.Jobs != nil {
		d.Jobs.Handle(sweepJob, s.sweepJob)
		d.Jobs.Handle(sweepNowJob, s.sweepNowJob)
	}
	return s
}

func (s *Service) now() time.Time { return s.d.Clock.Now() }

// Input is an event as the create and edit forms send it.
type Input struct {
	Category    string     `json:"category"`
	Title       string     `json:"title"`
	Description string     `json:"description"`
	Location    Location   `json:"location"`
	Attendees   []Attendee `json:"attendees"`
	Date        string     `json:"date"`
	StartTime   string     `json:"startTime"`
	EndTime     string     `json:"endTime"`
	Frequency   string     `json:"frequency"`
	LimitDate   string     `json:"limitDate"`
	Alert       string     `json:"alert"`
}

// OccurrenceInput changes one occurrence of a series.
type OccurrenceInput struct {
	Title     string `json:"title"`
	Date      string `json:"date"`
	StartTime string `json:"startTime"`
	EndTime   string `json:"endTime"`
}

// validDate: a day within the product's range (platform/dates).
func validDate(s string) bool { return dates.InRange(s) }

func validClock(s string) bool {
	_, err := time.Parse(clockFmt, s)
	return err == nil && len(s) == 5
}

// validate applies spec 3 section 5: every field is required ('Please fill
// all the fields'), the end after the start, a limit date only for a
// repeating event (a one-off clears it) and not before the date.
func (in *Input) validate(ctx context.Context, s *Service, a session.Actor) error {
	// The title is one line (text.SingleLine): line breaks typed in it
	// would reach the invitation's and the alert's subject.
	in.Category, in.Title, in.Description = strings.TrimSpace(in.Category), text.SingleLine(in.Title), strings.TrimSpace(in.Description)
	in.Location.PropertyID, in.Location.Address = strings.TrimSpace(in.Location.PropertyID), strings.TrimSpace(in.Location.Address)
	in.Date, in.StartTime, in.EndTime, in.LimitDate = strings.TrimSpace(in.Date), strings.TrimSpace(in.StartTime), strings.TrimSpace(in.EndTime), strings.TrimSpace(in.LimitDate)
	fields := map[string]string{}
	if !contains(Categories, in.Category) {
		fields["category"] = MsgFillAll
	}
	if in.Title == "" || len(in.Title) > 200 {
		fields["title"] = MsgFillAll
	}
	if in.Description == "" || len(in.Description) > 5000 {
		fields["description"] = MsgFillAll
	}
	if in.Location.PropertyID != "" {
		addr, err := s.d.Properties.Address(ctx, a, in.Location.PropertyID)
		switch {
		case apperr.KindOf(err) == apperr.NotFound:
			fields["location"] = MsgFillAll
		case err != nil:
			return err
		case in.Location.Address == "":
			in.Location.Address = addr
		}
	}
	if in.Location.Address == "" || len(in.Location.Address) > 500 {
		fields["location"] = MsgFillAll
	}
	checkWhen(fields, in.Date, in.StartTime, in.EndTime)
	if !contains(Frequencies, in.Frequency) {
		fields["frequency"] = MsgFillAll
	}
	if in.Frequency == OneOff {
		in.LimitDate = "" // spec 3 section 4: picking one-off clears the limit date
	} else if in.LimitDate != "" && (!validDate(in.LimitDate) || in.LimitDate < in.Date) {
		fields["limitDate"] = dates.Message(in.LimitDate, MsgLimitAfterDate)
	}
	if !contains(Alerts, in.Alert) {
		fields["alert"] = MsgFillAll
	}
	if in.Attendees == nil {
		in.Attendees = []Attendee{}
	}
	seen := map[string]bool{}
	for i, p := range in.Attendees {
		p.FirstName, p.LastName, p.Email = text.SingleLine(p.FirstName), text.SingleLine(p.LastName), text.NormaliseEmail(p.Email)
		if p.FirstName == "" || !text.ValidEmail(p.Email) || seen[p.Email] || len(p.FirstName) > 100 || len(p.LastName) > 100 {
			fields["attendees"] = MsgAttendee
		}
		seen[p.Email] = true
		in.Attendees[i] = p
	}
	if len(in.Attendees) > 50 {
		fields["attendees"] = MsgAttendee
	}
	if len(fields) == 0 {
		return nil
	}
	msg := MsgFillAll
	for _, f := range []string{"date", "endTime", "limitDate", "attendees"} {
		if m, ok := fields[f]; ok && m != MsgFillAll && len(fields) == 1 {
			msg = m
		}
	}
	return apperr.Fields(msg, fields)
}

// checkWhen checks a day and its start and end times (the end after the
// start), for an event and for one moved occurrence alike.
func checkWhen(fields map[string]string, date, start, end string) {
	if !validDate(date) {
		fields["date"] = dates.Message(date, MsgFillAll)
	}
	if !validClock(start) {
		fields["startTime"] = MsgFillAll
	}
	if !validClock(end) {
		fields["endTime"] = MsgFillAll
	} else if validClock(start) && end <= start {
		fields["endTime"] = MsgEndAfterStart
	}
}

func (in OccurrenceInput) validate() error {
	fields := map[string]string{}
	checkWhen(fields, in.Date, in.StartTime, in.EndTime)
	if len(in.Title) > 200 {
		fields["title"] = MsgFillAll
	}
	if len(fields) == 0 {
		return nil
	}
	for _, m := range fields {
		if m != MsgFillAll && len(fields) == 1 {
			return apperr.Fields(m, fields)
		}
	}
	return apperr.Fields(MsgFillAll, fields)
}

func (s *Service) withCreator(e Event, a session.Actor) Event {
	e.CreatorEmail, e.CreatorFullName = a.Email, a.FullName
	return e
}

// Get is one of the actor's events (404 for anyone else's).
func (s *Service) Get(ctx context.Context, a session.Actor, id string) (Event, error) {
	if err := a.RequireSignedIn(); err != nil {
		return Event{}, err
	}
	e, err := eventByID(ctx, s.d.DB.Conn(), a.UserID, id)
	return s.withCreator(e, a), err
}

// Create adds an event to the actor's calendar and invites its attendees.
func (s *Service) Create(ctx context.Context, a session.Actor, in Input) (Event, error) {
	return s.create(ctx, a, uuid.NewString(), in)
}

// create is Create with the new event's id (EnsureEvent's for another area).
func (s *Service) create(ctx context.Context, a session.Actor, id string, in Input) (Event, error) {
	if err := a.RequireSignedIn(); err != nil {
		return Event{}, err
	}
	if err := in.validate(ctx, s, a); err != nil {
		return Event{}, err
	}
	rule, err := ruleOf(in.Frequency, in.LimitDate)
	if err != nil {
		return Event{}, apperr.Wrap(err, "event rule")
	}
	now := s.now().UTC()
	e := Event{ID: id, OwnerID: a.UserID, Category: in.Category, Title: in.Title, Description: in.Description,
		Location: in.Location, Attendees: in.Attendees, Date: in.Date, StartTime: in.StartTime, EndTime: in.EndTime,
		TimeZone: TimeZone, Frequency: in.Frequency, LimitDate: in.LimitDate, Alert: in.Alert, RRule: rule,
		Exceptions: []Exception{}, AlertsFrom: now, CreatedAt: now, UpdatedAt: now}
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		n, err := countEvents(ctx, tx, a.UserID)
		if err != nil {
			return err
		}
		if n >= MaxEventsPerAccount {
			return apperr.New(apperr.Conflict, "too_many_events", MsgTooManyEvents)
		}
		if err := insertEvent(ctx, tx, e); err != nil {
			return err
		}
		if err := s.scheduleAlert(ctx, tx, e, now); err != nil {
			return err
		}
		if err := s.invite(ctx, tx, a, e, e.Attendees, inviteNew); err != nil {
			return err
		}
		return s.sweepSoon(ctx, tx)
	})
	return s.withCreator(e, a), err
}

// Update changes the whole series. Single-occurrence changes are kept when
// the times of the series stay; a new date, time or frequency drops them
// (they named occurrences that may no longer exist). Attendees are sent the
// update (new ones the invitation, removed ones the cancellation), and the
// pending alerts follow the new times: no alert older than this edit goes.
func (s *Service) Update(ctx context.Context, a session.Actor, id string, in Input) (Event, error) {
	if err := a.RequireSignedIn(); err != nil {
		return Event{}, err
	}
	var out Event
	err := s.d.DB.Tx(ctx, func(tx db.Conn) error {
		e, err := lockedEvent(ctx, tx, s.d.DB.Dialect, a.UserID, id)
		if err != nil {
			return err
		}
		if err := in.validate(ctx, s, a); err != nil {
			return err
		}
		rule, err := ruleOf(in.Frequency, in.LimitDate)
		if err != nil {
			return apperr.Wrap(err, "event rule")
		}
		before := e
		timesChanged := e.Date != in.Date || e.StartTime != in.StartTime || e.Frequency != in.Frequency
		now := s.now().UTC()
		e.Category, e.Title, e.Description, e.Location, e.Attendees = in.Category, in.Title, in.Description, in.Location, in.Attendees
		e.Date, e.StartTime, e.EndTime, e.Frequency, e.LimitDate, e.Alert, e.RRule = in.Date, in.StartTime, in.EndTime, in.Frequency, in.LimitDate, in.Alert, rule
		e.Sequence++
		e.AlertsFrom, e.UpdatedAt = now, now
		if timesChanged {
			if err := clearExceptions(ctx, tx, e.ID); err != nil {
				return err
			}
			e.Exceptions = []Exception{}
		}
		if err := updateEvent(ctx, tx, e); err != nil {
			return err
		}
		if err := s.scheduleAlert(ctx, tx, e, now); err != nil {
			return err
		}
		if err := s.tellAttendees(ctx, tx, a, before, e); err != nil {
			return err
		}
		out = e
		return s.sweepSoon(ctx, tx)
	})
	return s.withCreator(out, a), err
}

// Delete removes the whole series; attendees get the cancellation and no
// alert of it goes out any more.
func (s *Service) Delete(ctx context.Context, a session.Actor, id string) error {
	if err := a.RequireSignedIn(); err != nil {
		return err
	}
	return s.d.DB.Tx(ctx, func(tx db.Conn) error {
		e, err := lockedEvent(ctx, tx, s.d.DB.Dialect, a.UserID, id)
		if err != nil {
			return err
		}
		if err := deleteEvent(ctx, tx, e.ID); err != nil {
			return err
		}
		e.Sequence++
		e.UpdatedAt = s.now().UTC()
		return s.invite(ctx, tx, a, e, e.Attendees, inviteCancel)
	})
}

// occurrenceOf checks that occ names an original start of the series.
func occurrenceOf(e Event, occ string) (time.Time, error) {
	occ = strings.TrimSpace(occ)
	if len(occ) > 16 {
		occ = occ[:16] // "2026-11-12T09:00:00" is accepted too
	}
	t, err := time.ParseInLocation(localFmt, occ, london)
	if err != nil {
		return time.Time{}, apperr.New(apperr.NotFound, "no_occurrence", MsgNoOccurrence)
	}
	s, err := seriesOf(e)
	if err != nil {
		return time.Time{}, err
	}
	if !s.has(t) {
		return time.Time{}, apperr.New(apperr.NotFound, "no_occurrence", MsgNoOccurrence)
	}
	return t, nil
}

// EditOccurrence moves or retitles one occurrence of a series (the others
// stay); its alert follows it.
func (s *Service) EditOccurrence(ctx context.Context, a session.Actor, id, occ string, in OccurrenceInput) (Event, error) {
	return s.changeOccurrence(ctx, a, id, occ, func(t time.Time) (Exception, error) {
		in.Title, in.Date, in.StartTime, in.EndTime = text.SingleLine(in.Title), strings.TrimSpace(in.Date), strings.TrimSpace(in.StartTime), strings.TrimSpace(in.EndTime)
		if err := in.validate(); err != nil {
			return Exception{}, err
		}
		return Exception{Occurrence: localKey(t), Title: in.Title, Date: in.Date, StartTime: in.StartTime, EndTime: in.EndTime}, nil
	})
}

// DeleteOccurrence deletes one occurrence of a series (an EXDATE); its
// alert is cancelled.
func (s *Service) DeleteOccurrence(ctx context.Context, a session.Actor, id, occ string) (Event, error) {
	return s.changeOccurrence(ctx, a, id, occ, func(t time.Time) (Exception, error) {
		return Exception{Occurrence: localKey(t), Deleted: true}, nil
	})
}

func (s *Service) changeOccurrence(ctx context.Context, a session.Actor, id, occ string, change func(time.Time) (Exception, error)) (Event, error) {
	if err := a.RequireSignedIn(); err != nil {
		return Event{}, err
	}
	var out Event
	err := s.d.DB.Tx(ctx, func(tx db.Conn) error {
		e, err := lockedEvent(ctx, tx, s.d.DB.Dialect, a.UserID, id)
		if err != nil {
			return err
		}
		t, err := occurrenceOf(e, occ)
		if err != nil {
			return err
		}
		x, err := change(t)
		if err != nil {
			return err
		}
		x.ChangedAt = s.now().UTC()
		if err := putException(ctx, tx, e.ID, x); err != nil {
			return err
		}
		before := e
		e.Sequence++
		e.UpdatedAt = s.now().UTC()
		if err := updateEvent(ctx, tx, e); err != nil {
			return err
		}
		if e, err = eventByID(ctx, tx, a.UserID, id); err != nil {
			return err
		}
		if err := s.scheduleAlert(ctx, tx, e, x.ChangedAt); err != nil {
			return err
		}
		if err := s.tellAttendees(ctx, tx, a, before, e); err != nil {
			return err
		}
		out = e
		return s.sweepSoon(ctx, tx)
	})
	return s.withCreator(out, a), err
}

// maxRangeDays bounds one Occurrences call.
const maxRangeDays = 400

// Occurrences expands the actor's events for the days from..to (London,
// inclusive), with the generated legal dates and certificate expiries,
// optionally of one category and matching a search in titles,
// descriptions, places and attendees.
func (s *Service) Occurrences(ctx context.Context, a session.Actor, from, to, category, q string) ([]Occurrence, error) {
	if err := a.RequireSignedIn(); err != nil {
		return nil, err
	}
	start, end, err := dayRange(from, to)
	if err != nil || !end.After(start) || !validDate(from) || !validDate(to) {
		return nil, apperr.Fields(MsgRange, map[string]string{"from": MsgRange})
	}
	if end.Sub(start) > maxRangeDays*24*time.Hour+2*time.Hour { // days across a clock change are 23 or 25 hours
		return nil, apperr.Fields(MsgRange, map[string]string{"to": MsgRange})
	}
	events, err := eventsOf(ctx, s.d.DB.Conn(), a.UserID, from, to)
	if err != nil {
		return nil, err
	}
	out := []Occurrence{}
	for _, e := range events {
		list, err := occurrences(e, start, end)
		if err != nil {
			s.d.Log.Error("calendar: bad event", "id", e.ID, "err", err)
			continue
		}
		out = append(out, list...)
	}
	gen, err := s.generated(ctx, a.UserID, start, end)
	if err != nil {
		return nil, err
	}
	out = append(out, gen...)
	return sortedByStart(filter(out, category, q)), nil
}

// sortedByStart sorts by start, then key. It sorts the indexes and copies
// each occurrence once: a month of 5,000 events is tens of thousands of
// large structs, which a sort moving them takes most of the view's time on.
func sortedByStart(list []Occurrence) []Occurrence {
	idx := make([]int, len(list))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int {
		if c := list[a].Start.Compare(list[b].Start); c != 0 {
			return c
		}
		return strings.Compare(list[a].Key, list[b].Key)
	})
	out := make([]Occurrence, len(list))
	for i, j := range idx {
		out[i] = list[j]
	}
	return out
}

func filter(list []Occurrence, category, q string) []Occurrence {
	category, q = strings.TrimSpace(category), strings.ToLower(strings.TrimSpace(q))
	if (category == "" || category == "All") && q == "" {
		return list
	}
	out := []Occurrence{}
	for _, o := range list {
		if category != "" && category != "All" && o.Category != category {
			continue
		}
		if q != "" {
			hay := []string{o.Title, o.Description, o.Location.Address}
			for _, p := range o.Attendees {
				hay = append(hay, p.FirstName+" "+p.LastName, p.Email)
			}
			if !strings.Contains(strings.ToLower(strings.Join(hay, "\n")), q) {
				continue
			}
		}
		out = append(out, o)
	}
	return out
}

// generated are the owner's legal dates and certificate expiries in [from, to).
func (s *Service) generated(ctx context.Context, ownerID string, from, to time.Time) ([]Occurrence, error) {
	done, err := doneKeys(ctx, s.d.DB.Conn(), ownerID)
	if err != nil {
		return nil, err
	}
	out := []Occurrence{}
	in := func(o Occurrence) bool { return o.End.After(from) && o.Start.Before(to) }
	dates, err := s.legalDates(ctx, ownerID)
	if err != nil {
		return nil, err
	}
	for _, d := range dates {
		if o := d.occurrence(done[d.Key]); in(o) {
			out = append(out, o)
		}
	}
	certs, err := s.d.Certificates.Expiries(ctx, ownerID, from, to)
	if err != nil {
		return nil, apperr.Wrap(err, "certificate expiries")
	}
	for _, c := range certs {
		if o, ok := certificateOccurrence(c, done["cert:"+c.Key]); ok && in(o) {
			out = append(out, o)
		}
	}
	items, err := s.datedItems(ctx, ownerID)
	if err != nil {
		return nil, apperr.Wrap(err, "dated items")
	}
	for _, d := range items {
		if o, ok := datedOccurrence(d, done[datedKey(d)]); ok && in(o) {
			out = append(out, o)
		}
	}
	return out, nil
}

// legalDates are the rules applied to the owner's tenancies ("" for every landlord's).
func (s *Service) legalDates(ctx context.Context, ownerID string) ([]LegalDate, error) {
	if s.d.Agreements == nil || s.d.Rules == nil {
		return nil, nil
	}
	list, err := s.d.Agreements.Tenancies(ctx, ownerID)
	if err != nil {
		return nil, apperr.Wrap(err, "tenancies")
	}
	var out []LegalDate
	for _, t := range list {
		out = append(out, s.d.Rules.DatesFor(t)...)
	}
	return out, nil
}

// MarkDone marks one of the actor's generated dates done (its alerts stop)
// or not done. Generated dates cannot be deleted.
func (s *Service) MarkDone(ctx context.Context, a session.Actor, key string, done bool) error {
	if err := a.RequireSignedIn(); err != nil {
		return err
	}
	notMine := apperr.New(apperr.NotFound, "not_found", MsgGeneratedKey)
	switch {
	case strings.HasPrefix(key, "gen:"):
		dates, err := s.legalDates(ctx, a.UserID)
		if err != nil {
			return err
		}
		found := false
		for _, d := range dates {
			found = found || d.Key == key
		}
		if !found {
			return notMine
		}
	case strings.HasPrefix(key, "dated:"):
		items, err := s.datedItems(ctx, a.UserID)
		if err != nil {
			return err
		}
		if !slices.ContainsFunc(items, func(d DatedItem) bool { return datedKey(d) == key }) {
			return notMine
		}
	case strings.HasPrefix(key, "cert:"):
		err := s.d.Certificates.Acknowledge(ctx, a.UserID, strings.TrimPrefix(key, "cert:"), done)
		if apperr.IsNotFound(err) {
			return notMine
		}
		if err != nil {
			return apperr.Wrap(err, "certificate reminders")
		}
	default:
		return notMine
	}
	return setDone(ctx, s.d.DB.Conn(), a.UserID, key, done, s.now())
}

// FeedState is whether the actor's feed is on, and its address: only when
// it is made (turned on or reset). Only the token's hash is kept, as
// calendar services do, so afterwards the page says the address is hidden
// and offers a reset.
type FeedState struct {
	Enabled bool   `json:"enabled"`
	URL     string `json:"url"`
}

func (s *Service) feedURL(token string) string {
	return strings.TrimRight(s.d.BaseURL, "/") + "/api/calendar/feed/" + token + ".ics"
}

// Feed says whether the actor's subscription feed is on.
func (s *Service) Feed(ctx context.Context, a session.Actor) (FeedState, error) {
	if err := a.RequireSignedIn(); err != nil {
		return FeedState{}, err
	}
	on, err := feedOn(ctx, s.d.DB.Conn(), a.UserID)
	return FeedState{Enabled: on}, err
}

// ResetFeed turns the feed on with a new token (the old address stops
// working at once).
func (s *Service) ResetFeed(ctx context.Context, a session.Actor) (FeedState, error) {
	if err := a.RequireSignedIn(); err != nil {
		return FeedState{}, err
	}
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return FeedState{}, apperr.Wrap(err, "feed token")
	}
	token := base64.RawURLEncoding.EncodeToString(b)
	if err := s.d.DB.Tx(ctx, func(tx db.Conn) error { return putFeed(ctx, tx, a.UserID, token, s.now()) }); err != nil {
		return FeedState{}, err
	}
	return FeedState{Enabled: true, URL: s.feedURL(token)}, nil
}

// DisableFeed turns the feed off.
func (s *Service) DisableFeed(ctx context.Context, a session.Actor) error {
	if err := a.RequireSignedIn(); err != nil {
		return err
	}
	return deleteFeed(ctx, s.d.DB.Conn(), a.UserID)
}

// FeedCalendar is the iCalendar file of a feed token (404 for an unknown
// or reset one): every event with its recurrence, and the generated dates
// from a year ago to two years ahead as all-day events.
func (s *Service) FeedCalendar(ctx context.Context, token string) ([]byte, error) {
	if len(token) < 40 || len(token) > 64 {
		return nil, apperr.New(apperr.NotFound, "not_found", MsgFeedNotFound)
	}
	owner, err := feedOwner(ctx, s.d.DB.Conn(), token)
	if err != nil {
		return nil, err
	}
	events, err := allEventsOf(ctx, s.d.DB.Conn(), owner)
	if err != nil {
		return nil, err
	}
	email, name, err := s.d.People.Contact(ctx, owner)
	if err != nil {
		return nil, apperr.Wrap(err, "feed owner")
	}
	now := s.now()
	cal := newCalendar("", "OmniRent calendar")
	for _, e := range events {
		comps, err := eventComponents(e, organizer{Email: email, Name: name}, now, false, s.d.BaseURL)
		if err != nil {
			s.d.Log.Error("calendar feed: bad event", "id", e.ID, "err", err)
			continue
		}
		cal.Children = append(cal.Children, comps...)
	}
	gen, err := s.generated(ctx, owner, now.AddDate(-1, 0, 0), now.AddDate(2, 0, 0))
	if err != nil {
		return nil, err
	}
	for _, o := range gen {
		cal.Children = append(cal.Children, allDayComponent(o, now, s.d.BaseURL))
	}
	b, err := encode(cal)
	return b, apperr.Wrap(err, "encode feed")
}
