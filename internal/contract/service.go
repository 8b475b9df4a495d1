package contract

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/httpx"
	"github.com/omnirent/omnirent/internal/payment"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/session"
	"github.com/omnirent/omnirent/internal/signing"
	"github.com/omnirent/omnirent/internal/tenancy"
	"github.com/omnirent/omnirent/internal/tenancy/terms"
)

// Properties is what agreements need from the properties area, in this
// area's terms (wired in internal/app).
type Properties interface {
	// Owned is the landlord's own property, or NotFound.
	Owned(ctx context.Context, a session.Actor, id string) (Property, error)
	// Places are the addresses of the given properties, whoever owns them.
	Places(ctx context.Context, ids []string) (map[string]Property, error)
}

type Service struct {
	db    *db.DB
	clock clock.Clock
	libs  *Libraries
	props Properties
	sign  SigningDeps
	terms *terms.Checker
	certs Certificates
	// depositCerts: the deposit protection certificates added on /deposits.
	depositCerts DepositCertificates
	// beforeAckLock, when set (tests only), runs in AcknowledgeTerm between
	// the first read of the draft and the transaction that locks it.
	beforeAckLock func()
}

func NewService(d *db.DB, c clock.Clock, libs *Libraries, props Properties) *Service {
	return &Service{db: d, clock: c, libs: libs, props: props}
}

// Libraries are the loaded clause libraries.
func (s *Service) Libraries() *Libraries { return s.libs }

// View is an agreement as its reader may see it.
type Record struct {
	Contract
	Property Property
	// Mine: the actor is the landlord who owns it (may edit a draft).
	Mine bool
	// AskJurisdiction: the property's postcode straddles a border.
	AskJurisdiction bool
	// JurisdictionChoices: the jurisdictions the landlord may choose (one,
	// the postcode's, unless the district straddles a border).
	JurisdictionChoices []string
	Steps               []Step
	// CertificateWarnings: what Sign and Send warns the landlord of (the
	// document's reader only). Certificates: the copies the tenant receives.
	CertificateWarnings []string
	Certificates        []CertificateCopy
	// Notice: why the agreement cannot be signed now, for the reader (its
	// start date passed before everyone signed: law.startDate's landlord
	// or party message, as its page says), "" otherwise.
	Notice string
}

func (s *Service) now() time.Time { return s.clock.Now().UTC() }

// clockUK is the time zone of "today" for dates a landlord enters.
var clockUK = clock.UK

// Create starts a draft for one of the landlord's properties, with what is
// already known filled in: the landlord's name and the jurisdiction of the
// property's postcode.
func (s *Service) Create(ctx context.Context, a session.Actor, propertyID string) (Record, error) {
	if err := a.RequireLandlord(MsgLandlordsOnly); err != nil {
		return Record{}, err
	}
	p, err := s.props.Owned(ctx, a, propertyID)
	if err != nil {
		return Record{}, apperr.Fields(MsgPropertyMissing, map[string]string{"propertyId": MsgPropertyMissing}).WithKind(apperr.NotFound, "property_not_found")
	}
	if err := s.offered(p); err != nil {
		return Record{}, err
	}
	now := s.now()
	c := Contract{ID: uuid.NewString(), LandlordID: a.UserID, PropertyID: p.ID, Status: Draft, PaymentStatus: PaymentPending,
		Step: StepLandlord, History: []Step{StepLandlord}, CreatedAt: now, UpdatedAt: now, Edits: map[string]Edit{}}
	first, last, _ := strings.Cut(strings.TrimSpace(a.FullName), " ")
	c.Answers.Landlord = LandlordName{First: first, Last: strings.TrimSpace(last)}
	c.Answers.ServiceAddress.Country = "United Kingdom"
	c.Answers.RentPeriod = "weekly" // the spec's default
	if choices := tenancy.JurisdictionChoices(p.Postcode); len(choices) == 1 {
		c.Answers.Jurisdiction = choices[0]
	}
	c.Jurisdiction = c.Answers.Jurisdiction
	if nationOf(c.Answers) != nil {
		c.Answers.Nation = &NationAnswers{RentPeriod: "monthly", Details: map[string]string{}}
	}
	err = s.db.Tx(ctx, func(tx db.Conn) error {
		if err := insert(ctx, tx, c); err != nil {
			return err
		}
		return s.sign.Signing.Record(ctx, tx, ref(c.ID), signing.EventCreated, a.Email, "Draft created", "")
	})
	if err != nil {
		return Record{}, err
	}
	return s.record(c, p, a), nil
}

// load is the agreement if the actor may read it: its landlord always, a
// tenant once it has been sent to an e-mail that is theirs. Anyone else,
// admins included, is told it does not exist.
func (s *Service) load(ctx context.Context, a session.Actor, id string) (Contract, error) {
	if err := a.RequireSignedIn(); err != nil {
		return Contract{}, err
	}
	c, err := byID(ctx, s.db.Conn(), id)
	if err != nil {
		return Contract{}, err
	}
	if c.LandlordID == a.UserID || c.sentTo(a.Email) {
		return c, nil
	}
	return Contract{}, apperr.New(apperr.NotFound, "not_found", MsgNotFound)
}

// sentTo says whether the agreement was sent to email to sign: a draft
// (never sent, or withdrawn to be changed) is its landlord's alone.
func (c Contract) sentTo(email string) bool {
	if c.SentAt == nil || c.Status == Draft || email == "" {
		return false
	}
	for _, t := range c.Answers.Tenants {
		if strings.EqualFold(t.Email, email) {
			return true
		}
	}
	g := c.Answers.Guarantor
	return g.Answer == Yes && strings.EqualFold(g.Email, email)
}

// loadAsLandlord is an agreement the actor may read, for what only its
// landlord may do (403 landlord_only for a tenant of it).
func (s *Service) loadAsLandlord(ctx context.Context, a session.Actor, id string) (Contract, error) {
	c, err := s.load(ctx, a, id)
	if err != nil {
		return Contract{}, err
	}
	if c.LandlordID != a.UserID {
		return Contract{}, apperr.New(apperr.Forbidden, "landlord_only", MsgLandlordOnly)
	}
	return c, nil
}

// loadDraft is the actor's own draft, for changing it.
func (s *Service) loadDraft(ctx context.Context, a session.Actor, id string) (Contract, error) {
	c, err := s.load(ctx, a, id)
	if err != nil {
		return Contract{}, err
	}
	if c.LandlordID != a.UserID {
		return Contract{}, apperr.New(apperr.Forbidden, "not_yours", MsgNotDraft)
	}
	if c.Status != Draft {
		return Contract{}, apperr.New(apperr.Conflict, "not_draft", MsgNotDraft)
	}
	return c, nil
}

// changeDraft changes the actor's draft in one transaction, so no change
// crosses another change or the landlord's signature (which freezes the
// draft as it is then): the draft is read again there with its row locked
// (lockedByID), must still be the actor's and still a draft (409 not_draft
// once it is signed), change edits it, and it is written before the lock
// is let go. change runs inside the transaction and must read nothing
// outside it (on SQLite a read on the pool while this transaction holds
// the write lock can wait for a connection held by requests that wait for
// the lock): p is the draft's property, looked up before (a draft's
// property never changes: update writes it back as read). When change
// answers keep, the draft is written although change answers an error too
// (a last step that fails takes the wizard back to the failing step);
// otherwise an error leaves the draft as it was.
func (s *Service) changeDraft(ctx context.Context, a session.Actor, id string,
	change func(c *Contract, p Property) (keep bool, err error)) (Contract, Property, error) {
	c, err := s.loadDraft(ctx, a, id) // who may change it, and an early answer
	if err != nil {
		return Contract{}, Property{}, err
	}
	p := s.bindingAdvert(ctx, c, s.place(ctx, c.PropertyID))
	var after error
	err = s.db.Tx(ctx, func(tx db.Conn) error {
		if c, err = s.lockDraftOf(ctx, tx, a, id); err != nil {
			return err
		}
		keep, err := change(&c, p)
		if err != nil && !keep {
			return err
		}
		after = err
		c.UpdatedAt = s.now()
		return update(ctx, tx, c)
	})
	if err != nil {
		return Contract{}, Property{}, err
	}
	return c, p, after
}

// lockDraftOf is the actor's draft read in tx with its row locked, or the
// error loadDraft gives.
func (s *Service) lockDraftOf(ctx context.Context, tx db.Conn, a session.Actor, id string) (Contract, error) {
	c, err := lockedByID(ctx, tx, s.db.Dialect, id)
	if err != nil {
		return Contract{}, err
	}
	if c.LandlordID != a.UserID {
		return Contract{}, apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	if c.Status != Draft {
		return Contract{}, apperr.New(apperr.Conflict, "not_draft", MsgNotDraft)
	}
	return c, nil
}

func (s *Service) place(ctx context.Context, id string) Property {
	places, err := s.props.Places(ctx, []string{id})
	if err != nil {
		return Property{ID: id}
	}
	return places[id]
}

// offered refuses, before a draft is made, a property for whose
// jurisdiction no clause library exists (a property in Scotland, Wales or
// Northern Ireland): the landlord learns it when they choose the property.
// A border district is offered when one of its countries is.
func (s *Service) offered(p Property) error {
	choices := tenancy.JurisdictionChoices(p.Postcode)
	for _, j := range choices {
		if _, nation := tenancy.NationOf(j); nation || s.libs.Offers(DocumentType, j) {
			return nil
		}
	}
	msg := fmt.Sprintf(MsgPropertyNotOffered, p.Postcode, andList(choices))
	return apperr.Fields(msg, map[string]string{"propertyId": msg}).WithKind(apperr.Invalid, "jurisdiction_not_offered")
}

// lawful refuses answers the builder must not turn into an agreement for
// this property: a jurisdiction its postcode rules out, or one that has no
// clause library. The answers arrive whole with every step, so every step,
// the document and the signature check it.
func (s *Service) lawful(a Answers, p Property) error {
	j := a.Jurisdiction
	if j == "" {
		j = tenancy.England
	}
	choices := tenancy.JurisdictionChoices(p.Postcode)
	if !slices.Contains(choices, j) {
		msg := fmt.Sprintf(MsgJurisdictionChoose, tenancy.District(p.Postcode), andList(choices))
		if len(choices) == 1 {
			msg = fmt.Sprintf(MsgJurisdictionFixed, p.Postcode, choices[0], choices[0])
		}
		return apperr.Fields(msg, map[string]string{"jurisdiction": msg}).WithKind(apperr.Invalid, "jurisdiction_not_allowed")
	}
	if n, ok := tenancy.NationOf(j); ok && !s.libs.Offers(DocumentType, j) {
		return nationMissing(n)
	}
	if !s.libs.Offers(DocumentType, j) {
		msg := fmt.Sprintf(MsgJurisdictionNotOffered, j)
		return apperr.Fields(msg, map[string]string{"jurisdiction": msg}).WithKind(apperr.Invalid, "jurisdiction_not_offered")
	}
	if a.ContractType == "room" && a.ResidentLandlord == Yes {
		if lib := s.libraryFor(a); lib != nil {
			return lodgerRefused(lib)
		}
	}
	return nil
}

func (s *Service) record(c Contract, p Property, a session.Actor) Record {
	_, ask := tenancy.JurisdictionOf(p.Postcode)
	return Record{Contract: c, Property: p, Mine: c.LandlordID == a.UserID, AskJurisdiction: ask, Steps: Steps(c.Answers),
		JurisdictionChoices: tenancy.JurisdictionChoices(p.Postcode), Notice: s.startPassedNotice(c, a)}
}

// Get is one agreement for its reader.
func (s *Service) Get(ctx context.Context, a session.Actor, id string) (Record, error) {
	c, err := s.load(ctx, a, id)
	if err != nil {
		return Record{}, err
	}
	return s.record(c, s.place(ctx, c.PropertyID), a), nil
}

// libraryOf is the library an agreement uses: the version it was made with,
// or, while a draft has no start date yet, the one in force today.
func (s *Service) libraryOf(c Contract) *Library {
	if c.LibraryVersion != "" {
		if l, ok := s.libs.Version(c.LibraryVersion); ok {
			return l
		}
	}
	j := c.Answers.Jurisdiction
	if j == "" {
		j = tenancy.England
	}
	l, _ := s.libs.Current(DocumentType, j, s.now())
	return l
}

// StepInput is one wizard screen's answer: the whole answers as the browser
// holds them, and which step was answered.
type StepInput struct {
	Step    Step    `json:"step"`
	Answers Answers `json:"answers"`
}

// SaveStep checks the answered step with the wizard's rules, stores every
// answer, and moves the draft on to the next step (or back to where the
// answered step sits, when the landlord went back and changed it).
func (s *Service) SaveStep(ctx context.Context, a session.Actor, id string, in StepInput) (Record, error) {
	if !validStep(in.Step) {
		if _, err := s.loadDraft(ctx, a, id); err != nil {
			return Record{}, err
		}
		return Record{}, apperr.New(apperr.Invalid, "unknown_step", "Unknown step.")
	}
	in.Answers.normalise()
	c, p, err := s.changeDraft(ctx, a, id, func(c *Contract, p Property) (bool, error) {
		if err := s.lawful(in.Answers, p); err != nil {
			if in.Step != StepJurisdiction || apperr.CodeOf(err) != "nation_text_missing" {
				return false, err
			}
			// A border district's landlord chose Scotland, Wales or
			// Northern Ireland: the draft follows that nation's rules
			// from now on (nation.go), and its page asks what they need.
			c.Answers, c.Jurisdiction, c.LibraryVersion = in.Answers, in.Answers.Jurisdiction, ""
			if c.Answers.Nation == nil {
				c.Answers.Nation = &NationAnswers{}
			}
			return false, nil
		}
		lib := s.libraryFor(in.Answers)
		if err := in.Answers.checkStep(in.Step, lib); err != nil {
			return false, err
		}
		if in.Step == StepRent {
			if err := rentAboveAdvert(in.Answers, p, lib); err != nil {
				return false, err
			}
		}
		if in.Step == StepStartDate {
			if err := s.startTooEarly(in.Answers, lib); err != nil {
				return false, err
			}
			// The start date chooses the clause library; it is kept from now on.
			start, _ := day(in.Answers.StartDate)
			l, err := s.libs.Select(DocumentType, in.Answers.Jurisdiction, start)
			if err != nil {
				return false, err
			}
			c.LibraryVersion = l.Version
		}
		if in.Step == StepJurisdiction && c.Answers.Jurisdiction != in.Answers.Jurisdiction {
			c.LibraryVersion = ""
		}
		c.Answers, c.Jurisdiction = in.Answers, in.Answers.Jurisdiction
		nextStep := next(c.Answers, in.Step)
		if nextStep == StepFinished {
			if step, err := s.checkAll(*c, p); err != nil {
				c.History = historyUpTo(c.History, step)
				c.Step = step
				return true, err
			}
		}
		c.History = append(historyUpTo(c.History, in.Step), nextStep)
		c.Step = nextStep
		return false, nil
	})
	if err != nil {
		return Record{}, err
	}
	return s.record(c, p, a), nil
}

// libraryFor is the library the answers would use (nil before a valid start date).
func (s *Service) libraryFor(a Answers) *Library {
	j := a.Jurisdiction
	if j == "" {
		j = tenancy.England
	}
	if start, ok := day(a.StartDate); ok {
		if l, err := s.libs.Select(DocumentType, j, start); err == nil {
			return l
		}
	}
	l, _ := s.libs.Current(DocumentType, j, s.now())
	return l
}

// checkAll applies every step's rules: the last step, and skipping the
// form of a duplicate, only finish a complete agreement. It answers the
// first step that fails.
func (s *Service) checkAll(c Contract, p Property) (Step, error) {
	if err := s.lawful(c.Answers, p); err != nil {
		return StepJurisdiction, err
	}
	lib := s.libraryFor(c.Answers)
	for _, st := range Steps(c.Answers) {
		if err := c.Answers.checkStep(st, lib); err != nil {
			return st, err
		}
	}
	if _, err := s.libs.Select(DocumentType, c.Answers.Jurisdiction, mustDay(c.Answers.StartDate)); err != nil {
		return StepStartDate, err
	}
	if err := s.startTooEarly(c.Answers, lib); err != nil {
		return StepStartDate, err
	}
	if err := rentAboveAdvert(c.Answers, p, lib); err != nil {
		return StepRent, err
	}
	return StepFinished, nil
}

// rentAboveAdvert refuses a rent above the one the property's published
// listing advertises (law.advertisedRent: the advertised rent is the rent).
// Rents of different periods are compared by the year (annualRent), with a
// penny a period for rounding (a weekly rent given monthly); of the same
// period, to the penny.
func rentAboveAdvert(a Answers, p Property, lib *Library) error {
	ad := p.Advertised
	if ad == nil || lib == nil || a.RentPence <= 0 {
		return nil
	}
	adPeriod, unit := "monthly", "a month"
	if ad.Weekly {
		adPeriod, unit = "weekly", "a week"
	}
	var rounding int64
	if a.RentPeriod != adPeriod {
		rounding = annualRent(1, a.RentPeriod)
	}
	if annualRent(a.RentPence, a.RentPeriod) <= annualRent(ad.Pence, adPeriod)+rounding {
		return nil
	}
	msg := fmt.Sprintf(strings.TrimSpace(lib.Law.AdvertisedRent.Message), moneyText(ad.Pence)+" "+unit)
	return apperr.Fields(msg, map[string]string{"rentPence": msg}).WithKind(apperr.Invalid, "rent_above_advert")
}

// startTooEarly refuses a start date earlier than the law of the library
// allows, counted back from today (UK): in England the written statement of
// terms is given before the tenancy is entered into, so the tenancy cannot
// have started when the agreement is made (law.startDate in the library).
func (s *Service) startTooEarly(a Answers, lib *Library) error {
	if !s.startPassed(a, lib) {
		return nil
	}
	msg := strings.TrimSpace(lib.Law.StartDate.Message)
	return apperr.Fields(msg, map[string]string{"startDate": msg}).WithKind(apperr.Invalid, "start_date_past")
}

// startPassed says whether the answers' start date is earlier than the law
// of the library allows for an agreement made today (UK).
func (s *Service) startPassed(a Answers, lib *Library) bool {
	start, ok := day(a.StartDate)
	if !ok || lib == nil || lib.Law.StartDate.DaysBefore == nil {
		return false
	}
	earliest := s.now().In(clockUK).AddDate(0, 0, -*lib.Law.StartDate.DaysBefore).Format(time.DateOnly)
	return start.Format(time.DateOnly) < earliest
}

// sentStartPassed refuses a signature on an agreement sent for signing
// whose start date has passed before everyone signed (law.startDate): the
// last signature makes the agreement, and it cannot be made for a tenancy
// that has already started. The landlord withdraws it (Withdraw), changes
// the date and sends it again.
func (s *Service) sentStartPassed(c Contract) error {
	lib := s.libraryOf(c)
	if !s.startPassed(c.Answers, lib) {
		return nil
	}
	msg := fmt.Sprintf(strings.TrimSpace(lib.Law.StartDate.PartyMessage), longDate(c.Answers.StartDate))
	return apperr.New(apperr.Conflict, "start_date_passed", msg)
}

// startPassedNotice is what the agreement's page tells a party while its
// start date has passed before everyone signed ("" otherwise).
func (s *Service) startPassedNotice(c Contract, a session.Actor) string {
	lib := s.libraryOf(c)
	if c.Status != ATS || !s.startPassed(c.Answers, lib) {
		return ""
	}
	msg := lib.Law.StartDate.PartyMessage
	if c.LandlordID == a.UserID {
		msg = lib.Law.StartDate.LandlordMessage
	}
	return fmt.Sprintf(strings.TrimSpace(msg), longDate(c.Answers.StartDate))
}

func mustDay(s string) time.Time {
	d, _ := day(s)
	return d
}

// historyUpTo keeps the visited steps up to and including step.
func historyUpTo(h []Step, step Step) []Step {
	if i := slices.Index(h, step); i >= 0 {
		return slices.Clone(h[:i+1])
	}
	return append(slices.Clone(h), step)
}

// Back removes the latest step (the wizard's back arrow).
func (s *Service) Back(ctx context.Context, a session.Actor, id string) (Record, error) {
	c, p, err := s.changeDraft(ctx, a, id, func(c *Contract, _ Property) (bool, error) {
		if len(c.History) > 1 {
			c.History = c.History[:len(c.History)-1]
		}
		c.Step = c.History[len(c.History)-1]
		return false, nil
	})
	if err != nil {
		return Record{}, err
	}
	return s.record(c, p, a), nil
}

// SkipForm takes a duplicate straight to the end, once every answer it
// copied passes the rules.
func (s *Service) SkipForm(ctx context.Context, a session.Actor, id string) (Record, error) {
	c, p, err := s.changeDraft(ctx, a, id, func(c *Contract, p Property) (bool, error) {
		if c.DuplicatedFrom == "" {
			return false, apperr.New(apperr.Conflict, "not_duplicate", "Only a duplicated contract can skip the form.")
		}
		if step, err := s.checkAll(*c, p); err != nil {
			c.History, c.Step = historyUpTo(c.History, step), step
			return true, err
		}
		c.History, c.Step = append(c.History, StepFinished), StepFinished
		return false, nil
	})
	if err != nil {
		return Record{}, err
	}
	return s.record(c, p, a), nil
}

// Document is the agreement generated for its reader.
func (s *Service) Document(ctx context.Context, a session.Actor, id string) (Document, Record, error) {
	c, err := s.load(ctx, a, id)
	if err != nil {
		return Document{}, Record{}, err
	}
	p := s.place(ctx, c.PropertyID)
	if c.Status != Draft {
		// Once the landlord signed, everyone reads the frozen text: byte
		// for byte what was signed.
		env, err := s.sign.Signing.Envelope(ctx, ref(c.ID))
		if err != nil {
			return Document{}, Record{}, err
		}
		var doc Document
		if err := json.Unmarshal(env.Document, &doc); err != nil {
			return Document{}, Record{}, apperr.Wrap(err, "read frozen contract")
		}
		if c.LandlordID != a.UserID {
			if err := s.sign.Signing.RecordViewed(ctx, ref(c.ID), a, httpx.ClientIP(ctx)); err != nil {
				return Document{}, Record{}, err
			}
		}
		rec := s.record(c, p, a)
		if rec.Certificates, err = s.certificateCopies(ctx, c); err != nil {
			return Document{}, Record{}, err
		}
		return doc, rec, nil
	}
	if err := s.lawful(c.Answers, p); err != nil {
		return Document{}, Record{}, err
	}
	lib := s.libraryOf(c)
	if lib == nil || lib.Jurisdiction != c.Answers.Jurisdiction {
		_, err := s.libs.Select(DocumentType, c.Answers.Jurisdiction, mustDay(c.Answers.StartDate))
		if err == nil {
			err = apperr.New(apperr.Conflict, "not_finished", MsgFinishFirst)
		}
		return Document{}, Record{}, err
	}
	rec := s.record(c, p, a)
	if rec.Mine {
		if rec.CertificateWarnings, err = s.certificateWarnings(ctx, c); err != nil {
			return Document{}, Record{}, err
		}
	}
	return Build(lib, c.Answers, p, c.Edits), rec, nil
}

// SaveEdit stores the landlord's text for a section; empty text returns the
// section to the generated one.
func (s *Service) SaveEdit(ctx context.Context, a session.Actor, id, sectionID string, text RichText) (Document, error) {
	text = text.Clean()
	var lib *Library
	c, p, err := s.changeDraft(ctx, a, id, func(c *Contract, p Property) (bool, error) {
		if lib = s.libraryOf(*c); lib == nil {
			return false, apperr.New(apperr.Conflict, "no_library", "Answer the start date first.")
		}
		base, ok := Generated(lib, c.Answers, p, sectionID)
		if !ok {
			return false, apperr.New(apperr.NotFound, "no_section", "This section is not in the agreement.")
		}
		if c.Edits == nil {
			c.Edits = map[string]Edit{}
		}
		if text.Empty() {
			delete(c.Edits, sectionID)
		} else {
			c.Edits[sectionID] = Edit{Text: text, Base: fingerprint(base)}
		}
		return false, nil
	})
	if err != nil {
		return Document{}, err
	}
	return Build(lib, c.Answers, p, c.Edits), nil
}

// Duplicate copies an agreement's answers and edits into a new draft: no
// signatures, no payment, no status (Draft, PENDING).
func (s *Service) Duplicate(ctx context.Context, a session.Actor, id string) (Record, error) {
	src, err := s.load(ctx, a, id)
	if err != nil {
		return Record{}, err
	}
	if src.LandlordID != a.UserID {
		return Record{}, apperr.New(apperr.NotFound, "not_found", MsgNotFound)
	}
	now := s.now()
	c := src
	c.ID, c.Status, c.PaymentStatus, c.SentAt, c.DepositReceived = uuid.NewString(), Draft, PaymentPending, nil, ""
	c.CreatedAt, c.UpdatedAt, c.DuplicatedFrom = now, now, src.ID
	c.Step, c.History = StepLandlord, []Step{StepLandlord}
	c.Edits = make(map[string]Edit, len(src.Edits))
	for k, v := range src.Edits {
		c.Edits[k] = v
	}
	err = s.db.Tx(ctx, func(tx db.Conn) error {
		if err := insert(ctx, tx, c); err != nil {
			return err
		}
		return s.sign.Signing.Record(ctx, tx, ref(c.ID), signing.EventCreated, a.Email, "Draft created as a copy of the agreement for "+s.place(ctx, src.PropertyID).text(), "")
	})
	if err != nil {
		return Record{}, err
	}
	return s.record(c, s.place(ctx, c.PropertyID), a), nil
}

// SetDepositReceived records, or corrects, the day the landlord received
// the agreement's deposit: asked when the agreement is sent, changeable
// after. "" says it is not received yet. Only the landlord, only for an
// agreement with a deposit; a day in the future is refused.
func (s *Service) SetDepositReceived(ctx context.Context, a session.Actor, id, received string) (Record, error) {
	c, err := s.loadAsLandlord(ctx, a, id)
	if err != nil {
		return Record{}, err
	}
	if c.Answers.Deposit.Kind != DepositStandard {
		return Record{}, apperr.New(apperr.Conflict, "no_deposit", MsgNoDeposit)
	}
	received = strings.TrimSpace(received)
	if received != "" {
		d, ok := day(received)
		field := func(msg string) error {
			return apperr.Fields(msg, map[string]string{"depositReceivedOn": msg})
		}
		today := s.now().In(clockUK).Format(time.DateOnly)
		switch {
		case !ok:
			return Record{}, field(MsgDepositDay)
		case received > today:
			return Record{}, field(MsgDepositFuture)
		case func() bool { st, ok := day(c.Answers.StartDate); return ok && d.Before(st.AddDate(-1, 0, 0)) }():
			return Record{}, field(MsgDepositEarly)
		}
	}
	if err := setDepositReceived(ctx, s.db.Conn(), c.ID, received, s.now().UnixMilli()); err != nil {
		return Record{}, err
	}
	c.DepositReceived = received
	return s.record(c, s.place(ctx, c.PropertyID), a), nil
}

// Delete removes the landlord's draft.
func (s *Service) Delete(ctx context.Context, a session.Actor, id string) error {
	if _, err := s.loadDraft(ctx, a, id); err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx db.Conn) error {
		// A paid fee keeps the draft, a pending order goes with it.
		err := payment.WithdrawFor(ctx, tx, s.sign.Payments,
			func() (string, error) { return orderOf(ctx, tx, id) },
			func() error { _, err := s.lockDraftOf(ctx, tx, a, id); return err })
		if err != nil {
			return err
		}
		return remove(ctx, tx, id)
	})
}

// ListView names a contract list (spec 2, "Contract list screen").
type ListView string

const (
	ViewDraft     ListView = "draft"
	ViewAwaiting  ListView = "awaiting"
	ViewCompleted ListView = "completed"
	ViewAll       ListView = "all" // the landlord's duplicate list
)

// List is the actor's agreements in a view: a landlord's own; a tenant's
// sent to them (never drafts).
func (s *Service) List(ctx context.Context, a session.Actor, view ListView) ([]Record, error) {
	if err := a.RequireSignedIn(); err != nil {
		return nil, err
	}
	var statuses []Status
	switch view {
	case ViewDraft:
		statuses = []Status{Draft}
	case ViewAwaiting:
		statuses = []Status{ATS, ADS}
	case ViewCompleted:
		statuses = []Status{Completed}
	case ViewAll:
	default:
		return nil, apperr.New(apperr.Invalid, "unknown_view", "Unknown contract list.")
	}
	var list []Contract
	var err error
	if a.IsLandlord() {
		list, err = byLandlord(ctx, s.db.Conn(), a.UserID, statuses...)
	} else {
		if view == ViewDraft || view == ViewAll {
			return []Record{}, nil
		}
		list, err = byTenantEmail(ctx, s.db.Conn(), a.Email, statuses...)
	}
	if err != nil {
		return nil, err
	}
	places, err := s.placesOf(ctx, list)
	if err != nil {
		return nil, err
	}
	out := make([]Record, 0, len(list))
	for _, c := range list {
		out = append(out, s.record(c, places[c.PropertyID], a))
	}
	return out, nil
}

// placesOf gives the addresses of the agreements' properties, in one query.
func (s *Service) placesOf(ctx context.Context, list []Contract) (map[string]Property, error) {
	ids := make([]string, 0, len(list))
	for _, c := range list {
		ids = append(ids, c.PropertyID)
	}
	return s.props.Places(ctx, ids)
}

// OfLandlord lists a landlord's agreements, newest first, for the documents
// area (its lists and counts): those of one property, or every one when
// propertyID is "". The caller has checked who asks.
func (s *Service) OfLandlord(ctx context.Context, landlordID, propertyID string) ([]Contract, error) {
	list, err := byLandlord(ctx, s.db.Conn(), landlordID)
	if err != nil || propertyID == "" {
		return list, err
	}
	out := []Contract{}
	for _, c := range list {
		if c.PropertyID == propertyID {
			out = append(out, c)
		}
	}
	return out, nil
}

// Tenancies lists the agreements sent for signing or signed (never drafts)
// of one landlord, or of every landlord when landlordID is "", with their
// properties: the calendar's legal dates read them. It is a system reader
// (no actor): the caller shows each landlord only their own.
func (s *Service) Tenancies(ctx context.Context, landlordID string) ([]Record, error) {
	list, err := sentAgreements(ctx, s.db.Conn(), landlordID)
	if err != nil {
		return nil, err
	}
	return s.withPlaces(ctx, list)
}
