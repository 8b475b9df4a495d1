package repair

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/dates"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/mail"
	"github.com/omnirent/omnirent/internal/platform/workdays"
	"github.com/omnirent/omnirent/internal/session"
)

// Person is someone the area writes to.
type Person struct {
	Name  string
	Email string
}

// Home is a property as the repairs area knows it: where it is, whose it
// is, the law and bank holidays that apply, and the signed agreement whose
// tenants report and see its repairs.
type Home struct {
	PropertyID   string
	LandlordID   string
	Address      string
	Jurisdiction string // England, Wales, Scotland or Northern Ireland
	TenancyID    string // "" when the property has no agreement signed by everyone
}

// Homes answers the area about properties and agreements (implemented over
// internal/property and internal/contract by internal/app).
type Homes interface {
	// TenantHomes are the homes where this e-mail address is a tenant on an
	// agreement signed by everyone, newest agreement first.
	TenantHomes(ctx context.Context, email string) ([]Home, error)
	// Owned is one of the landlord's properties with its newest agreement
	// signed by everyone, if any; NotFound for anyone else's.
	Owned(ctx context.Context, landlordID, propertyID string) (Home, error)
	// Tenants are the tenants of one of the landlord's agreements.
	Tenants(ctx context.Context, landlordID, tenancyID string) ([]Person, error)
}

// People gives an account's e-mail and full name.
type People interface {
	Contact(ctx context.Context, userID string) (email, fullName string, err error)
}

// Mailer queues e-mails in the caller's transaction (platform/mail).
type Mailer interface {
	Send(ctx context.Context, conn db.Conn, e mail.Email) error
}

// Deps are what the area needs from the rest of the product.
type Deps struct {
	DB      *db.DB
	Clock   clock.Clock
	Data    *Data
	Homes   Homes
	People  People
	Mail    Mailer
	BaseURL string
	Log     *slog.Logger
}

type Service struct {
	d  Deps
	ev evidence // photos, files, seal, calendar (photos.go)
	x  visits   // contractors and visits (job.go, UseVisits)
}

// NewService builds the area on its checked data; it warns when the bank
// holidays end within a year, so the data file is extended in time.
func NewService(d Deps) (*Service, error) {
	if d.Data == nil || d.Data.Tree == nil || d.Data.Catalogue == nil || d.Data.Calendars == nil {
		return nil, errors.New("repair: no data")
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	if d.Clock != nil && !d.Data.Calendars.Covers(d.Clock.Now().AddDate(1, 0, 0)) {
		d.Log.Warn("repair deadlines: the bank-holiday calendar ends within a year; extend internal/platform/workdays/data/bank-holidays.yaml",
			"lastYear", d.Data.Calendars.LastYear)
	}
	return &Service{d: d}, nil
}

func (s *Service) now() time.Time { return s.d.Clock.Now().UTC().Truncate(time.Millisecond) }

var errNotFound = apperr.New(apperr.NotFound, "not_found", MsgNotFound)

// viewerOf is how the actor stands to the repair: its landlord, or a tenant
// of the agreement it was reported under. Anyone else, admins included, is
// told it does not exist.
func (s *Service) viewerOf(ctx context.Context, a session.Actor, r Repair) (Role, error) {
	if err := a.RequireSignedIn(); err != nil {
		return "", err
	}
	if a.IsLandlord() {
		if a.UserID == r.LandlordID {
			return RoleLandlord, nil
		}
		return "", errNotFound
	}
	if r.TenancyID == "" {
		return "", errNotFound
	}
	homes, err := s.d.Homes.TenantHomes(ctx, a.Email)
	if err != nil {
		return "", err
	}
	for _, h := range homes {
		if h.TenancyID == r.TenancyID {
			return RoleTenant, nil
		}
	}
	return "", errNotFound
}

// ReportInput is a tenant's report, or a landlord's log of a report
// received elsewhere (then AwareAt, Channel and ChannelNote).
type ReportInput struct {
	PropertyID    string            `json:"propertyId"`
	Category      string            `json:"category"`
	Answers       map[string]string `json:"answers"`
	Room          string            `json:"room"`
	Description   string            `json:"description"`
	Availability  string            `json:"availability"`
	EntryWhenOut  bool              `json:"entryWhenOut"`
	Vulnerability *VulnerabilityIn  `json:"vulnerability"`
	AwareAt       string            `json:"awareAt"`
	Channel       string            `json:"channel"`
	ChannelNote   string            `json:"channelNote"`
	// ClientKey makes a report sent twice (a retry on a poor connection)
	// one repair: the second answers the first.
	ClientKey string `json:"clientKey"`
}

// VulnerabilityIn is who in the home is vulnerable, with the tenant's
// explicit consent to share it with the landlord.
type VulnerabilityIn struct {
	Groups  []string `json:"groups"`
	Consent bool     `json:"consent"`
}

func runes(s string) int { return utf8.RuneCountInString(s) }

// ParseMoment reads a moment as the forms send it: UK wall-clock time
// (2026-11-02T09:12) or RFC 3339 with its offset.
func ParseMoment(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, true
	}
	for _, f := range []string{"2006-01-02T15:04", "2006-01-02T15:04:05"} {
		if t, err := time.ParseInLocation(f, s, clock.UK); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// checkReport cleans and checks what every report has; landlord logs
// answer the questions they can (none is required of them).
func (s *Service) checkReport(in *ReportInput, byLandlord bool, fields map[string]string) Assessment {
	in.Description = strings.TrimSpace(in.Description)
	in.Room = strings.Join(strings.Fields(in.Room), " ") // one line
	in.Availability = strings.TrimSpace(in.Availability)
	in.ClientKey = strings.TrimSpace(in.ClientKey)
	switch {
	case in.Description == "":
		fields["description"] = MsgDescription
	case runes(in.Description) > MaxDescription:
		fields["description"] = MsgDescriptionLong
	}
	if in.Room == "" || runes(in.Room) > MaxRoom {
		fields["room"] = MsgRoom
	}
	if runes(in.Availability) > MaxAvailability {
		fields["availability"] = MsgAvailability
	}
	if len(in.ClientKey) > MaxClientKey {
		fields["clientKey"] = MsgClientKey
	}
	vulnerable := false
	if v := in.Vulnerability; v != nil && len(v.Groups) > 0 {
		seen := map[string]bool{}
		for _, g := range v.Groups {
			if !slices.Contains(VulnerabilityGroups, g) || seen[g] {
				fields["vulnerability.groups"] = MsgGroups
			}
			seen[g] = true
		}
		switch {
		case byLandlord:
			fields["vulnerability"] = "Only the tenant can share who in the home is vulnerable. You can raise the priority when you triage the repair."
		case !v.Consent:
			fields["vulnerability.consent"] = MsgConsent
		}
		vulnerable = true
	}
	answers := in.Answers
	if answers == nil {
		answers = map[string]string{}
	}
	category := strings.TrimSpace(in.Category)
	a, bad := s.d.Data.Tree.Assess(category, answers, vulnerable)
	if byLandlord {
		// A landlord answers what they were told: no question is required.
		for k, v := range bad {
			if v == MsgAnswer {
				delete(bad, k)
			}
		}
		if len(bad) == 0 {
			a = s.assessAnswered(category, answers)
		}
	}
	for k, v := range bad {
		fields[k] = v
	}
	in.Category = category
	return a
}

// assessAnswered is Assess over the answered questions only.
func (s *Service) assessAnswered(category string, answers map[string]string) Assessment {
	c := s.d.Data.Tree.category(category)
	full := map[string]string{}
	for _, q := range c.Questions {
		if v, ok := answers[q.ID]; ok && v != "" {
			full[q.ID] = v
		}
	}
	a := Assessment{Priority: c.Priority, Hazards: slices.Clone(c.Hazards)}
	for _, q := range c.Questions {
		id, ok := full[q.ID]
		if !ok {
			continue
		}
		for _, o := range q.Options {
			if o.ID != id {
				continue
			}
			if o.Priority.rank() > a.Priority.rank() {
				a.Priority = o.Priority
			}
			for _, h := range o.Hazards {
				if !slices.Contains(a.Hazards, h) {
					a.Hazards = append(a.Hazards, h)
				}
			}
			if o.Safety != "" && !slices.Contains(a.Safety, o.Safety) {
				a.Safety = append(a.Safety, o.Safety)
			}
		}
	}
	if a.Hazards == nil {
		a.Hazards = []string{}
	}
	return a
}

// Report records a tenant's report of a repair in their home, or, when
// the actor is a landlord, a report they received elsewhere, with the
// moment they were told. created is false when the same request key had
// already made it.
func (s *Service) Report(ctx context.Context, a session.Actor, in ReportInput) (View, bool, error) {
	if err := a.RequireSignedIn(); err != nil {
		return View{}, false, err
	}
	now := s.now()
	fields := map[string]string{}
	var home Home
	role := RoleTenant
	awareAt, channel := now, "app"
	if a.IsLandlord() {
		role = RoleLandlord
		h, err := s.d.Homes.Owned(ctx, a.UserID, strings.TrimSpace(in.PropertyID))
		switch {
		case apperr.IsNotFound(err):
			fields["propertyId"] = MsgChooseProperty
		case err != nil:
			return View{}, false, err
		}
		home = h
		t, ok := ParseMoment(in.AwareAt)
		switch {
		case !ok || !dates.Within(t):
			fields["awareAt"] = MsgAwareAt
		case t.After(now):
			fields["awareAt"] = MsgAwareFuture
		}
		awareAt = t.UTC().Truncate(time.Millisecond)
		channel = strings.TrimSpace(in.Channel)
		if !slices.Contains(Channels, channel) {
			fields["channel"] = MsgChannel
		}
		in.ChannelNote = strings.TrimSpace(in.ChannelNote)
		if runes(in.ChannelNote) > MaxChannelNote {
			fields["channelNote"] = MsgChannelNote
		}
	} else {
		homes, err := s.d.Homes.TenantHomes(ctx, a.Email)
		if err != nil {
			return View{}, false, err
		}
		if len(homes) == 0 {
			return View{}, false, apperr.New(apperr.Forbidden, "no_home", MsgNoHome)
		}
		pid := strings.TrimSpace(in.PropertyID)
		i := slices.IndexFunc(homes, func(h Home) bool { return h.PropertyID == pid })
		switch {
		case pid == "" && len(homes) == 1:
			home = homes[0]
		case i >= 0:
			home = homes[i]
		default:
			fields["propertyId"] = MsgChooseHome
		}
		if in.AwareAt != "" || in.Channel != "" || in.ChannelNote != "" {
			return View{}, false, apperr.New(apperr.Forbidden, "landlords_only", MsgLandlordsLog)
		}
	}
	assessment := s.checkReport(&in, role == RoleLandlord, fields)
	if len(fields) > 0 {
		return View{}, false, apperr.Fields(firstMessage(fields), fields)
	}
	if in.ClientKey != "" {
		if r, err := repairByClientKey(ctx, s.d.DB.Conn(), a.UserID, in.ClientKey); err == nil {
			v, err := s.view(ctx, r, role)
			return v, false, err
		} else if !apperr.IsNotFound(err) {
			return View{}, false, err
		}
	}
	r := Repair{ID: uuid.NewString(), PropertyID: home.PropertyID, LandlordID: home.LandlordID, TenancyID: home.TenancyID,
		Jurisdiction: home.Jurisdiction, Address: home.Address, ReportedBy: a.UserID, ReporterRole: role, ReporterName: a.FullName,
		Channel: channel, ChannelNote: in.ChannelNote, ClientKey: in.ClientKey, AwareAt: awareAt, RoundAt: awareAt,
		Category: in.Category, Answers: map[string]string{}, Room: in.Room, Description: in.Description, Availability: in.Availability,
		EntryWhenOut: in.EntryWhenOut, Vulnerability: []string{}, SuggestedPriority: assessment.Priority, Priority: assessment.Priority,
		Hazards: assessment.Hazards, Status: Reported, Cycle: 1, CreatedAt: now, UpdatedAt: now}
	for k, v := range in.Answers {
		if v != "" {
			r.Answers[k] = v
		}
	}
	if v := in.Vulnerability; v != nil && len(v.Groups) > 0 {
		r.Vulnerability = slices.Clone(v.Groups)
		r.VulnerabilityAt = &now
	}
	deadlines, warning := s.countDeadlines(r, TriggerAware, r.RoundAt)
	r.NextDueAt = nextDue(deadlines)
	landlord, tenants, err := s.parties(ctx, r)
	if err != nil {
		return View{}, false, err
	}
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		if err := insertRepair(ctx, tx, r); err != nil {
			return err
		}
		kind, body := EventReported, ""
		data := map[string]any{"category": r.Category, "room": r.Room, "priority": string(r.Priority), "hazards": r.Hazards,
			"answers": r.Answers, "description": r.Description, "availability": r.Availability, "entryWhenOut": r.EntryWhenOut,
			"awareAt": r.AwareAt.Format(time.RFC3339), "channel": channel, "deadlines": labels(deadlines)}
		if role == RoleLandlord {
			kind, body = EventLogged, r.ChannelNote
		}
		if len(r.Vulnerability) > 0 {
			// The history says consent was given, never who is vulnerable:
			// that stays withdrawable on the repair.
			data["vulnerabilityShared"] = true
		}
		if err := s.append(ctx, tx, &r, Event{ActorID: a.UserID, ActorRole: role, ActorName: a.FullName, Kind: kind, To: Reported,
			Body: body, Data: data}); err != nil {
			return err
		}
		if warning != "" {
			if err := s.append(ctx, tx, &r, Event{ActorRole: RoleSystem, Kind: EventNotice, Body: warning}); err != nil {
				return err
			}
		}
		for _, d := range deadlines {
			if err := insertDeadline(ctx, tx, d); err != nil {
				return err
			}
		}
		if err := updateRepair(ctx, tx, r); err != nil {
			return err
		}
		return s.tellReport(ctx, tx, r, a, landlord, tenants, deadlines)
	})
	if errors.Is(err, errDuplicateKey) {
		// The same report sent twice at once: the other request made it.
		r, err := repairByClientKey(ctx, s.d.DB.Conn(), a.UserID, in.ClientKey)
		if err != nil {
			return View{}, false, err
		}
		v, err := s.view(ctx, r, role)
		return v, false, err
	}
	if err != nil {
		return View{}, false, err
	}
	v, err := s.view(ctx, r, role)
	return v, true, err
}

func firstMessage(fields map[string]string) string {
	if len(fields) == 1 {
		for _, m := range fields {
			return m
		}
	}
	return MsgFix
}

// countDeadlines are the clocks a trigger starts for the repair. A count
// the bank-holiday calendar cannot make yet is left out and said (the
// report is kept whatever happens).
func (s *Service) countDeadlines(r Repair, trigger Trigger, at time.Time) ([]Deadline, string) {
	facts := Facts{Jurisdiction: r.Jurisdiction, Category: r.Category, Priority: r.Priority, Hazards: r.Hazards}
	var out []Deadline
	var problems []string
	for _, rule := range s.d.Data.Catalogue.Applicable(facts, trigger, at) {
		if rule.Effect != By {
			continue // the least notice before entry is for appointments
		}
		due, err := s.d.Data.Due(rule, r.Jurisdiction, at)
		if err != nil {
			var nc *workdays.NotCoveredError
			if errors.As(err, &nc) {
				problems = append(problems, rule.ID+": "+nc.Error())
				continue
			}
			s.d.Log.Error("repair deadline", "rule", rule.ID, "err", err)
			problems = append(problems, rule.ID)
			continue
		}
		d := Deadline{RepairID: r.ID, Cycle: r.Cycle, RuleID: rule.ID, Trigger: trigger, TriggerAt: at, DueAt: due.At, DueDay: due.Day,
			Effect: rule.Effect, Kind: rule.Kind, Title: rule.Title, Action: rule.Action, Amount: rule.Amount, Unit: rule.Unit,
			MetBy: rule.MetBy, Source: rule.Source, URL: rule.URL}
		if len(due.Skipped) > 0 {
			var names []string
			for _, h := range due.Skipped {
				day, _ := time.Parse(time.DateOnly, h.Date)
				names = append(names, h.Title+" ("+day.Format("Mon 2 Jan 2006")+")")
			}
			d.Note = "Bank holidays in " + r.Jurisdiction + " not counted as working days: " + strings.Join(names, ", ") + "."
		}
		out = append(out, d)
	}
	if len(problems) == 0 {
		return out, ""
	}
	return out, fmt.Sprintf(MsgNotCovered, strings.Join(problems, "; "))
}

// nextDue is the earliest open deadline to act by.
func nextDue(ds []Deadline) *time.Time {
	var out *time.Time
	for _, d := range ds {
		if d.Effect != By || d.MetAt != nil || d.StoppedAt != nil {
			continue
		}
		if out == nil || d.DueAt.Before(*out) {
			t := d.DueAt
			out = &t
		}
	}
	return out
}

// Label is a deadline as both sides read it: "Investigate by Mon 14 Dec 2026",
// "Make safe by 09:00 Tue 3 Nov 2026".
func (d Deadline) Label() string {
	return d.Action + " " + d.When()
}

// When is the deadline's day, or its time and day when counted in hours.
func (d Deadline) When() string {
	if d.Unit == Hours {
		return d.DueAt.In(clock.UK).Format("15:04 Mon 2 Jan 2006")
	}
	day, _ := time.Parse(time.DateOnly, d.DueDay)
	return day.Format("Mon 2 Jan 2006")
}

func labels(ds []Deadline) []string {
	out := make([]string, 0, len(ds))
	for _, d := range ds {
		kind := "target"
		if d.Kind == Legal {
			kind = "legal deadline"
		}
		out = append(out, d.Label()+" ("+kind+", "+d.RuleID+")")
	}
	return out
}

// append adds an event to the repair's history, chained to the last one,
// and moves the repair's head (the caller writes the repair).
func (s *Service) append(ctx context.Context, tx db.Conn, r *Repair, e Event) error {
	if e.Data == nil {
		e.Data = map[string]any{}
	}
	data, err := jsonText(e.Data)
	if err != nil {
		return apperr.Wrap(err, "encode repair event")
	}
	e.RepairID, e.Seq, e.At, e.PrevHash, e.dataJSON = r.ID, r.Seq+1, s.now(), r.LastHash, data
	if e.Hash, err = hashOf(e); err != nil {
		return apperr.Wrap(err, "hash repair event")
	}
	if err := insertEvent(ctx, tx, e); err != nil {
		return err
	}
	r.Seq, r.LastHash, r.UpdatedAt = e.Seq, e.Hash, e.At
	return nil
}

// parties are the landlord and the tenants of the repair's agreement, to
// write to.
func (s *Service) parties(ctx context.Context, r Repair) (Person, []Person, error) {
	email, name, err := s.d.People.Contact(ctx, r.LandlordID)
	if err != nil {
		return Person{}, nil, err
	}
	var tenants []Person
	if r.TenancyID != "" {
		if tenants, err = s.d.Homes.Tenants(ctx, r.LandlordID, r.TenancyID); err != nil {
			return Person{}, nil, err
		}
	}
	return Person{Name: name, Email: email}, tenants, nil
}

func (s *Service) link(r Repair) string {
	return strings.TrimRight(s.d.BaseURL, "/") + "/maintenance?repair=" + r.ID
}

func (s *Service) categoryName(id string) string {
	if c := s.d.Data.Tree.category(id); c != nil {
		return c.Name
	}
	return id
}

// write queues one e-mail to each person (none to the actor).
func (s *Service) write(ctx context.Context, tx db.Conn, to []Person, except string, subject, heading string, paragraphs []string) error {
	for _, p := range to {
		if p.Email == "" || strings.EqualFold(p.Email, except) {
			continue
		}
		if err := s.d.Mail.Send(ctx, tx, mail.Email{To: p.Email, Subject: subject, Template: "notice",
			Data: map[string]any{"Name": p.Name, "Heading": heading, "Paragraphs": paragraphs}}); err != nil {
			return err
		}
	}
	return nil
}

func (s *Service) tellReport(ctx context.Context, tx db.Conn, r Repair, a session.Actor, landlord Person, tenants []Person, deadlines []Deadline) error {
	what := s.categoryName(r.Category) + " (" + r.Room + ")"
	aware := r.AwareAt.In(clock.UK).Format("15:04 on Mon 2 Jan 2006")
	var clocks []string
	for _, d := range deadlines {
		kind := "a target"
		if d.Kind == Legal {
			kind = "the law's deadline"
		}
		clocks = append(clocks, d.Label()+": "+kind+".")
	}
	if r.ReporterRole == RoleTenant {
		p := []string{fmt.Sprintf("%s reported a repair at %s: %s. Priority suggested by the answers: %s.", a.FullName, r.Address, what, r.Priority)}
		p = append(p, clocks...)
		p = append(p, "The clocks count from "+aware+", when the report reached you. Open it here: "+s.link(r))
		if err := s.write(ctx, tx, []Person{landlord}, a.Email, "Repair reported: "+what+" at "+r.Address, "A tenant reported a repair", p); err != nil {
			return err
		}
		ack := []string{fmt.Sprintf("Your report of %s at %s reached your landlord at %s. Keep this e-mail: it shows when they were told.", what, r.Address, aware)}
		ack = append(ack, clocks...)
		ack = append(ack, "Follow it here: "+s.link(r))
		return s.write(ctx, tx, []Person{{Name: a.FullName, Email: a.Email}}, "", "Your repair report: "+what, "Your landlord has your report", ack)
	}
	p := []string{fmt.Sprintf("%s recorded a repair report for %s: %s. They say they were told by %s at %s, and the clocks count from then.",
		a.FullName, r.Address, what, ChannelText[r.Channel], aware)}
	p = append(p, clocks...)
	p = append(p, "If that moment is wrong, reply to your landlord through the repair: "+s.link(r))
	return s.write(ctx, tx, tenants, a.Email, "Your landlord recorded a repair: "+what, "A repair report was recorded", p)
}

// Get is one repair as the actor may see it.
func (s *Service) Get(ctx context.Context, a session.Actor, id string) (View, error) {
	r, role, err := s.repairFor(ctx, a, id)
	if err != nil {
		return View{}, err
	}
	return s.view(ctx, r, role)
}

// History is a repair's events, checked (the chain) for the caller.
func (s *Service) History(ctx context.Context, a session.Actor, id string) ([]Event, error) {
	if _, err := s.Get(ctx, a, id); err != nil {
		return nil, err
	}
	return eventsOf(ctx, s.d.DB.Conn(), id)
}

// List is the actor's repairs: a landlord's across their properties (one
// property's with propertyID), a tenant's for their homes. state is
// "open", "closed" or "" for both.
func (s *Service) List(ctx context.Context, a session.Actor, propertyID, state string) ([]Item, error) {
	if err := a.RequireSignedIn(); err != nil {
		return nil, err
	}
	var list []Repair
	var err error
	if a.IsLandlord() {
		list, err = listedOfLandlord(ctx, s.d.DB.Conn(), a.UserID, propertyID) // list.go: the columns a list shows
	} else {
		var homes []Home
		if homes, err = s.d.Homes.TenantHomes(ctx, a.Email); err != nil {
			return nil, err
		}
		ids := make([]string, 0, len(homes))
		for _, h := range homes {
			if propertyID == "" || h.PropertyID == propertyID {
				ids = append(ids, h.TenancyID)
			}
		}
		list, err = repairsOfTenancies(ctx, s.d.DB.Conn(), ids)
	}
	if err != nil {
		return nil, err
	}
	keep := list[:0]
	for _, r := range list {
		if (state == "open" && !r.Open()) || (state == "closed" && r.Open()) {
			continue
		}
		keep = append(keep, r)
	}
	ids := make([]string, 0, len(keep))
	for _, r := range keep {
		ids = append(ids, r.ID)
	}
	open, err := s.listDeadlines(ctx, a, propertyID, ids) // list.go
	if err != nil {
		return nil, err
	}
	now := s.now()
	out := make([]Item, 0, len(keep))
	for _, r := range keep {
		out = append(out, s.item(r, open[r.ID], now))
	}
	return out, nil
}
