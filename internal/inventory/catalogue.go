package inventory

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// The three catalogues of spec 3 section 3 are data (catalogue/*.yaml, each
// with its source and date): the rooms and spaces, the items each room
// offers, and each item's Description and Dispute Avoidance groups. They
// are loaded and checked when the server starts (LoadCatalogue), so a
// broken catalogue stops the server instead of producing broken reports.
//
//go:embed catalogue/*.yaml
var catalogueFiles embed.FS

// Group is one question about an item: a pick-list (Options; an "Other"
// value is always allowed), free entry, or the age bands.
type Group struct {
	Name     string   `yaml:"name" json:"name"`
	Options  []string `yaml:"options" json:"options"`
	Free     bool     `yaml:"free" json:"free"`
	AgeBands bool     `yaml:"ageBands" json:"ageBands"`
}

// Item is an inspection item: the rooms that offer it and its two groups.
type Item struct {
	Name             string   `yaml:"name" json:"name"`
	Appliance        bool     `yaml:"appliance" json:"appliance"`
	Rooms            []string `yaml:"rooms" json:"rooms"`
	Description      []Group  `yaml:"description" json:"description"`
	DisputeAvoidance []Group  `yaml:"disputeAvoidance" json:"disputeAvoidance"`
}

// Catalogue is the loaded, checked catalogues.
type Catalogue struct {
	Inside   []string `json:"inside"`
	Outside  []string `json:"outside"`
	AgeBands []string `json:"ageBands"`
	Items    []Item   `json:"items"`
	Sources  []string `json:"sources"`

	items  map[string]*Item
	byRoom map[string][]string
}

type roomsFile struct {
	Source  string   `yaml:"source"`
	Updated string   `yaml:"updated"`
	Inside  []string `yaml:"inside"`
	Outside []string `yaml:"outside"`
}

type itemsFile struct {
	Source          string   `yaml:"source"`
	Updated         string   `yaml:"updated"`
	AgeBands        []string `yaml:"ageBands"`
	ApplianceChecks []Group  `yaml:"applianceChecks"`
	Items           []Item   `yaml:"items"`
}

// LoadCatalogue reads and checks the embedded catalogues.
func LoadCatalogue() (*Catalogue, error) { return loadCatalogue(catalogueFiles, "catalogue") }

func decode(fsys fs.FS, name string, v any) error {
	raw, err := fs.ReadFile(fsys, name)
	if err != nil {
		return err
	}
	dec := yaml.NewDecoder(strings.NewReader(string(raw)))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

func loadCatalogue(fsys fs.FS, dir string) (*Catalogue, error) {
	var rooms roomsFile
	var items itemsFile
	if err := errors.Join(decode(fsys, dir+"/rooms.yaml", &rooms), decode(fsys, dir+"/items.yaml", &items)); err != nil {
		return nil, fmt.Errorf("inventory catalogue: %w", err)
	}
	c := &Catalogue{Inside: rooms.Inside, Outside: rooms.Outside, AgeBands: items.AgeBands,
		Sources: []string{rooms.Source + " (" + rooms.Updated + ")", items.Source + " (" + items.Updated + ")"},
		items:   map[string]*Item{}, byRoom: map[string][]string{}}
	var problems []string
	bad := func(f string, a ...any) { problems = append(problems, fmt.Sprintf(f, a...)) }
	if rooms.Source == "" || rooms.Updated == "" || items.Source == "" || items.Updated == "" {
		bad("each catalogue file needs its source and updated date")
	}
	if len(rooms.Inside) == 0 || len(rooms.Outside) == 0 {
		bad("rooms: inside and outside lists are required")
	}
	if len(items.AgeBands) == 0 {
		bad("items: ageBands are required")
	}
	known := map[string]bool{}
	for _, r := range append(slices.Clone(rooms.Inside), rooms.Outside...) {
		known[r] = true
	}
	for _, side := range [][]string{rooms.Inside, rooms.Outside} {
		seen := map[string]bool{}
		for _, r := range side {
			if strings.TrimSpace(r) == "" || seen[r] {
				bad("rooms: %q is empty or listed twice on one side", r)
			}
			seen[r] = true
		}
	}
	checkGroups := func(item, which string, gs []Group) {
		if len(gs) == 0 {
			bad("item %q has no %s group", item, which)
		}
		seen := map[string]bool{}
		for _, g := range gs {
			kinds := 0
			if len(g.Options) > 0 {
				kinds++
			}
			if g.Free {
				kinds++
			}
			if g.AgeBands {
				kinds++
			}
			if g.Name == "" || seen[g.Name] || kinds != 1 {
				bad("item %q, %s group %q: needs a unique name and exactly one of options, free or ageBands", item, which, g.Name)
			}
			seen[g.Name] = true
		}
	}
	for i := range items.Items {
		it := &items.Items[i]
		if it.Name == "" || c.items[it.Name] != nil {
			bad("item %q is unnamed or listed twice", it.Name)
			continue
		}
		if it.Appliance {
			it.DisputeAvoidance = append(it.DisputeAvoidance, items.ApplianceChecks...)
		}
		checkGroups(it.Name, "Description", it.Description)
		checkGroups(it.Name, "Dispute Avoidance", it.DisputeAvoidance)
		if len(it.Rooms) == 0 {
			bad("item %q applies to no room", it.Name)
		}
		for _, r := range it.Rooms {
			if !known[r] {
				bad("item %q names room %q, which is not in rooms.yaml", it.Name, r)
			}
			c.byRoom[r] = append(c.byRoom[r], it.Name)
		}
		c.items[it.Name] = it
	}
	for r := range known {
		if len(c.byRoom[r]) == 0 {
			bad("room %q offers no item", r)
		}
	}
	if len(problems) > 0 {
		slices.Sort(problems)
		return nil, fmt.Errorf("inventory catalogue: %s", strings.Join(problems, "; "))
	}
	c.Items = items.Items
	return c, nil
}

// ItemsFor are the items ADD ITEM offers in a room (by the room's name).
func (c *Catalogue) ItemsFor(room string) []string { return c.byRoom[room] }

// Item is a catalogue item by name.
func (c *Catalogue) Item(name string) (*Item, bool) {
	it, ok := c.items[name]
	return it, ok
}

// Room reports whether name is a room of the side ("inside" or "outside").
func (c *Catalogue) Room(side, name string) bool {
	if side == SideInside {
		return slices.Contains(c.Inside, name)
	}
	return slices.Contains(c.Outside, name)
}
