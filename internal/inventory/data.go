package inventory

import (
	"fmt"
	"net/mail"
	"slices"
	"strings"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/dates"
	"github.com/omnirent/omnirent/internal/platform/text"
)

// Data is the report's content, section by section (spec 3 section 3,
// "Report data sections"). The page sends it whole as the inspector goes;
// the server checks its shape and the catalogues, and keeps it.
type Data struct {
	Settings  Settings   `json:"settings"`
	Overview  Condition  `json:"overview"`
	Inside    []Room     `json:"insideProperty"`
	Outside   []Room     `json:"outsideProperty"`
	Meters    []Meter    `json:"utilitiesAndMeters"`
	Documents []Document `json:"documentsAndCompliance"`
	Tenants   []Tenant   `json:"tenantDetails"`
	Landlord  Landlord   `json:"landlord"`
	CheckIn   KeysAlarms `json:"checkIn"`
	CheckOut  KeysAlarms `json:"checkOut"`
}

type Settings struct {
	CoverPhoto string    `json:"coverPhoto"` // a photo name
	Inspector  Inspector `json:"inspector"`
	Students   bool      `json:"students"`
	Pets       bool      `json:"pets"`
	Saved      bool      `json:"saved"`
}

type Inspector struct {
	First string `json:"first"`
	Last  string `json:"last"`
	Email string `json:"email"`
}

// Condition is a condition block: a rating, words and photos.
type Condition struct {
	Rating      string   `json:"rating"`
	Description string   `json:"description"`
	Photos      []string `json:"photos"`
}

// Room is a room or space: its tag carries the counter of duplicates.
type Room struct {
	ID       int        `json:"id"`
	Name     string     `json:"name"`
	Tag      string     `json:"tag"`
	Done     bool       `json:"done"`
	Overview Condition  `json:"overview"`
	Items    []RoomItem `json:"items"`
}

// RoomItem is an item inspected in a room: the chosen values of each group.
type RoomItem struct {
	ID               int                 `json:"id"`
	Name             string              `json:"name"`
	Tag              string              `json:"tag"`
	Completed        bool                `json:"completed"`
	Overview         Condition           `json:"overview"` // the item's condition rating, words and photos
	Description      map[string][]string `json:"description"`
	DisputeAvoidance map[string][]string `json:"disputeAvoidance"`
	Notes            string              `json:"notes"`
	Photos           []string            `json:"photos"`
}

type Meter struct {
	Kind     string   `json:"kind"` // Electricity, Gas, Water or the Other name
	Location string   `json:"location"`
	Reading  string   `json:"reading"`
	Supplier string   `json:"supplier"`
	Serial   string   `json:"serial"`
	Notes    string   `json:"notes"`
	Photos   []string `json:"photos"`
	Done     bool     `json:"done"`
}

type Document struct {
	Kind   string   `json:"kind"`   // EPC, Gas Safety Certificate, EICR, HMO License or the Other name
	Expiry string   `json:"expiry"` // YYYY-MM-DD
	Files  []string `json:"files"`  // photo names of the pages
}

type Tenant struct {
	ID      string `json:"id"`
	First   string `json:"first"`
	Middle  string `json:"middle"`
	Last    string `json:"last"`
	Email   string `json:"email"`
	MoveIn  string `json:"moveIn"`
	MoveOut string `json:"moveOut"` // optional: "" when the tenancy has no end date
}

type Landlord struct {
	FullName string `json:"fullName"`
	Email    string `json:"email"`
}

type KeysAlarms struct {
	Keys   Condition `json:"keys"`
	Alarms Condition `json:"alarms"`
	Done   bool      `json:"done"`
}

// Limits on what a report holds.
const (
	MaxRooms       = 80
	MaxItemsInRoom = 80
	MaxText        = 5000
	MaxPhotosInSet = 60
	MaxListed      = 40 // meters, documents, tenants
)

func fieldErr(field, msg string) error {
	return apperr.Fields(msg, map[string]string{field: msg}).WithKind(apperr.Invalid, "invalid_report")
}

func clean(s string) string { return strings.TrimSpace(s) }

func validEmail(s string) bool {
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s && strings.Contains(s, ".")
}

func validDate(s string) bool { return dates.InRange(s) }

func (c *Condition) check(field string) error {
	c.Description = clean(c.Description)
	if c.Rating != "" && !slices.Contains(Ratings, c.Rating) {
		return fieldErr(field, MsgRating)
	}
	if len(c.Description) > MaxText {
		return fieldErr(field, fmt.Sprintf("Please keep the description under %d characters.", MaxText))
	}
	if len(c.Photos) > MaxPhotosInSet {
		return fieldErr(field, fmt.Sprintf("At most %d photos here.", MaxPhotosInSet))
	}
	if c.Photos == nil {
		c.Photos = []string{}
	}
	return nil
}

// check normalises the data and checks it against the catalogues and the
// spec's rules. Sections in progress are allowed; what is there must be right.
func (d *Data) check(cat *Catalogue) error {
	s := &d.Settings
	s.Inspector.First, s.Inspector.Last, s.Inspector.Email = clean(s.Inspector.First), clean(s.Inspector.Last), strings.ToLower(clean(s.Inspector.Email))
	if s.Saved && (s.Inspector.First == "" || s.Inspector.Last == "") {
		return fieldErr("settings", MsgFillAll)
	}
	if s.Inspector.Email != "" && !validEmail(s.Inspector.Email) {
		return fieldErr("settings.inspector.email", MsgInvalidEmail)
	}
	if err := d.Overview.check("overview"); err != nil {
		return err
	}
	for side, rooms := range map[string][]Room{SideInside: d.Inside, SideOutside: d.Outside} {
		if len(rooms) > MaxRooms {
			return fieldErr(side, fmt.Sprintf("At most %d rooms and spaces.", MaxRooms))
		}
		for i := range rooms {
			r := &rooms[i]
			if !cat.Room(side, r.Name) {
				return fieldErr(side, MsgUnknownRoom)
			}
			if err := r.Overview.check(side); err != nil {
				return err
			}
			if len(r.Items) > MaxItemsInRoom {
				return fieldErr(side, fmt.Sprintf("At most %d items in a room.", MaxItemsInRoom))
			}
			for j := range r.Items {
				if err := r.Items[j].check(cat, r.Name); err != nil {
					return err
				}
			}
			if r.Items == nil {
				r.Items = []RoomItem{}
			}
		}
	}
	if len(d.Meters) > MaxListed || len(d.Documents) > MaxListed || len(d.Tenants) > MaxListed {
		return fieldErr("report", fmt.Sprintf("At most %d meters, documents or tenants.", MaxListed))
	}
	for i := range d.Meters {
		m := &d.Meters[i]
		m.Kind, m.Location, m.Reading = text.SingleLine(m.Kind), clean(m.Location), clean(m.Reading) // Kind may be a typed name
		if m.Kind == "" || m.Location == "" || m.Reading == "" {
			return fieldErr("utilitiesAndMeters", MsgMeterFields)
		}
		if m.Photos == nil {
			m.Photos = []string{}
		}
	}
	for i := range d.Documents {
		doc := &d.Documents[i]
		doc.Kind = text.SingleLine(doc.Kind) // a typed name for Other: the documents area and the calendar show it
		if doc.Kind == "" || len(doc.Files) == 0 || !validDate(doc.Expiry) {
			return fieldErr("documentsAndCompliance", MsgDocumentFields)
		}
	}
	for i := range d.Tenants {
		t := &d.Tenants[i]
		t.First, t.Middle, t.Last, t.Email = clean(t.First), clean(t.Middle), clean(t.Last), strings.ToLower(clean(t.Email))
		// A move-out date is optional (issue 26): since 1 May 2026 a tenancy
		// in England is periodic, with no fixed end; one is kept when given.
		t.MoveOut = clean(t.MoveOut)
		if t.First == "" || t.Last == "" || t.Email == "" || !validDate(t.MoveIn) || (t.MoveOut != "" && !validDate(t.MoveOut)) {
			return fieldErr("tenantDetails", MsgFillAll)
		}
		if t.MoveOut != "" && t.MoveOut < t.MoveIn {
			return fieldErr("tenantDetails", MsgMoveOutBeforeIn)
		}
		if !validEmail(t.Email) {
			return fieldErr("tenantDetails", MsgInvalidEmail)
		}
	}
	l := &d.Landlord
	l.FullName, l.Email = clean(l.FullName), strings.ToLower(clean(l.Email))
	if (l.FullName == "") != (l.Email == "") {
		return fieldErr("landlord", MsgFillAll)
	}
	if l.Email != "" && !validEmail(l.Email) {
		return fieldErr("landlord", MsgInvalidEmail)
	}
	for _, ka := range []*KeysAlarms{&d.CheckIn, &d.CheckOut} {
		if err := errorsFirst(ka.Keys.check("keys"), ka.Alarms.check("alarms")); err != nil {
			return err
		}
	}
	if err := d.Overview.check("overview"); err != nil {
		return err
	}
	d.nonNil()
	return nil
}

func errorsFirst(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

func (it *RoomItem) check(cat *Catalogue, room string) error {
	ci, ok := cat.Item(it.Name)
	if !ok || !slices.Contains(cat.ItemsFor(room), it.Name) {
		return fieldErr("items", MsgUnknownItem)
	}
	it.Notes = clean(it.Notes)
	if err := it.Overview.check("items"); err != nil {
		return err
	}
	if len(it.Notes) > MaxText || len(it.Photos) > MaxPhotosInSet {
		return fieldErr("items", "Please keep notes and photos shorter.")
	}
	for _, part := range []struct {
		chosen map[string][]string
		groups []Group
	}{{it.Description, ci.Description}, {it.DisputeAvoidance, ci.DisputeAvoidance}} {
		for name, values := range part.chosen {
			if !slices.ContainsFunc(part.groups, func(g Group) bool { return g.Name == name }) {
				return fieldErr("items", fmt.Sprintf("%s has no %q question.", it.Name, name))
			}
			for i, v := range values {
				values[i] = clean(v)
				if values[i] == "" || len(values[i]) > 200 {
					return fieldErr("items", fmt.Sprintf("Please give a value for %s.", name))
				}
			}
		}
	}
	if it.Description == nil {
		it.Description = map[string][]string{}
	}
	if it.DisputeAvoidance == nil {
		it.DisputeAvoidance = map[string][]string{}
	}
	if it.Photos == nil {
		it.Photos = []string{}
	}
	return nil
}

func (d *Data) nonNil() {
	if d.Inside == nil {
		d.Inside = []Room{}
	}
	if d.Outside == nil {
		d.Outside = []Room{}
	}
	if d.Meters == nil {
		d.Meters = []Meter{}
	}
	if d.Documents == nil {
		d.Documents = []Document{}
	}
	if d.Tenants == nil {
		d.Tenants = []Tenant{}
	}
	for _, c := range []*Condition{&d.Overview, &d.CheckIn.Keys, &d.CheckIn.Alarms, &d.CheckOut.Keys, &d.CheckOut.Alarms} {
		if c.Photos == nil {
			c.Photos = []string{}
		}
	}
}

// photos lists the report's photo names in the report's order.
func (d Data) photos() []string {
	var out []string
	d.eachPhoto(func(name, _ string) { out = append(out, name) })
	return out
}

// eachPhoto calls fn with every photo name of the report, in the report's
// order, and the place it belongs to in words ("Kitchen, Oven").
func (d Data) eachPhoto(fn func(name, place string)) {
	add := func(list []string, place string) {
		for _, n := range list {
			fn(n, place)
		}
	}
	if d.Settings.CoverPhoto != "" {
		fn(d.Settings.CoverPhoto, "Cover")
	}
	add(d.Overview.Photos, "Overview")
	for _, rooms := range [][]Room{d.Inside, d.Outside} {
		for _, r := range rooms {
			add(r.Overview.Photos, r.Name)
			for _, it := range r.Items {
				add(it.Photos, r.Name+", "+it.Name)
				add(it.Overview.Photos, r.Name+", "+it.Name)
			}
		}
	}
	for _, m := range d.Meters {
		add(m.Photos, m.Kind+" meter")
	}
	for _, doc := range d.Documents {
		add(doc.Files, doc.Kind)
	}
	for i, ka := range []KeysAlarms{d.CheckIn, d.CheckOut} {
		when := [...]string{"check-in", "check-out"}[i]
		add(ka.Keys.Photos, "Keys at "+when)
		add(ka.Alarms.Photos, "Alarms at "+when)
	}
}

// withoutPhotos is a copy for a clone: the structure, words and choices
// stay; photos do not, because they are evidence of the visit they were
// taken on, not of the next.
func (d Data) withoutPhotos() Data {
	d.Settings.CoverPhoto = ""
	d.Overview.Photos = []string{}
	strip := func(rooms []Room) []Room {
		out := slices.Clone(rooms)
		for i := range out {
			out[i].Overview.Photos = []string{}
			out[i].Items = slices.Clone(out[i].Items)
			for j := range out[i].Items {
				out[i].Items[j].Photos = []string{}
				out[i].Items[j].Overview.Photos = []string{}
			}
		}
		return out
	}
	d.Inside, d.Outside = strip(d.Inside), strip(d.Outside)
	d.Meters = slices.Clone(d.Meters)
	for i := range d.Meters {
		d.Meters[i].Photos = []string{}
	}
	d.Documents = []Document{} // certificates are checked again for each report
	for _, ka := range []*KeysAlarms{&d.CheckIn, &d.CheckOut} {
		ka.Keys.Photos, ka.Alarms.Photos = []string{}, []string{}
	}
	d.nonNil()
	return d
}

// layoutOnly is the rooms and items with empty conditions (a check-out
// report started from a check-in report), and the people.
func (d Data) layoutOnly() Data {
	out := Data{Tenants: slices.Clone(d.Tenants), Landlord: d.Landlord}
	empty := func(rooms []Room) []Room {
		res := make([]Room, 0, len(rooms))
		for _, r := range rooms {
			nr := Room{ID: r.ID, Name: r.Name, Tag: r.Tag, Items: []RoomItem{}}
			for _, it := range r.Items {
				nr.Items = append(nr.Items, RoomItem{ID: it.ID, Name: it.Name, Tag: it.Tag})
			}
			res = append(res, nr)
		}
		return res
	}
	out.Inside, out.Outside = empty(d.Inside), empty(d.Outside)
	var normal Data = out
	normal.nonNil()
	for _, rooms := range [][]Room{normal.Inside, normal.Outside} {
		for i := range rooms {
			rooms[i].Overview.Photos = []string{}
			for j := range rooms[i].Items {
				it := &rooms[i].Items[j]
				it.Description, it.DisputeAvoidance, it.Photos, it.Overview.Photos = map[string][]string{}, map[string][]string{}, []string{}, []string{}
			}
		}
	}
	return normal
}

// parties are the e-mails of the landlord and tenants named in the data.
func (d Data) parties() []string {
	var out []string
	if d.Landlord.Email != "" {
		out = append(out, d.Landlord.Email)
	}
	for _, t := range d.Tenants {
		out = append(out, t.Email)
	}
	return out
}
