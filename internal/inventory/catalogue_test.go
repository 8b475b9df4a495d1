package inventory

import (
	"strings"
	"testing"
	"testing/fstest"
)

// The shipped catalogues load, every room offers at least one item and
// every item has both groups (the loader refuses otherwise; this test says
// so in numbers).
func TestShippedCatalogues(t *testing.T) {
	c, err := LoadCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Inside) < 30 || len(c.Outside) < 10 || len(c.Items) < 50 {
		t.Fatalf("catalogue too small: %d inside, %d outside, %d items", len(c.Inside), len(c.Outside), len(c.Items))
	}
	for _, r := range append(append([]string{}, c.Inside...), c.Outside...) {
		if len(c.ItemsFor(r)) == 0 {
			t.Errorf("%s offers no item", r)
		}
	}
	for _, it := range c.Items {
		if len(it.Description) == 0 || len(it.DisputeAvoidance) == 0 {
			t.Errorf("%s lacks a group", it.Name)
		}
	}
	oven, ok := c.Item("Oven")
	if !ok || !oven.Appliance || !strings.Contains(groupNames(oven.DisputeAvoidance), "PAT tested") || !strings.Contains(groupNames(oven.DisputeAvoidance), "Gifted item") {
		t.Errorf("oven: %+v", oven)
	}
	if !strings.Contains(strings.Join(c.ItemsFor("Kitchen"), ","), "Oven") || strings.Contains(strings.Join(c.ItemsFor("Bedroom"), ","), "Oven") {
		t.Errorf("ovens are kitchen things: kitchen %v", c.ItemsFor("Kitchen"))
	}
}

func groupNames(gs []Group) string {
	var n []string
	for _, g := range gs {
		n = append(n, g.Name)
	}
	return strings.Join(n, ",")
}

// A broken catalogue stops the server with what is wrong.
func TestBrokenCatalogueIsRefused(t *testing.T) {
	rooms := "source: s\nupdated: '2026-11-25'\ninside: [Kitchen, Study]\noutside: [Garden]\n"
	items := `source: s
updated: '2026-11-25'
ageBands: ["0-1 month"]
items:
  - name: Oven
    rooms: [Kitchen, Ballroom]
    description: [{ name: Type, options: [Single] }]
    disputeAvoidance: []
  - name: Lawn
    rooms: [Garden]
    description: [{ name: Kind, options: [Grass], free: true }]
    disputeAvoidance: [{ name: Last cut, ageBands: true }]
`
	_, err := loadCatalogue(fstest.MapFS{"c/rooms.yaml": {Data: []byte(rooms)}, "c/items.yaml": {Data: []byte(items)}}, "c")
	if err == nil {
		t.Fatal("accepted")
	}
	for _, want := range []string{`room "Ballroom"`, `"Oven" has no Dispute Avoidance group`, `room "Study" offers no item`, `"Lawn", Description group "Kind"`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("missing %q in %v", want, err)
		}
	}
	if _, err := loadCatalogue(fstest.MapFS{"c/rooms.yaml": {Data: []byte(rooms + "extra: 1\n")}, "c/items.yaml": {Data: []byte(items)}}, "c"); err == nil || !strings.Contains(err.Error(), "extra") {
		t.Errorf("unknown field: %v", err)
	}
}
