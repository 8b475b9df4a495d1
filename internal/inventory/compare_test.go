package inventory

import "testing"

func room(tag string, rating string, items ...RoomItem) Room {
	return Room{Name: tag, Tag: tag, Overview: Condition{Rating: rating}, Items: items}
}

func item(tag, rating, clean string, dmg ...string) RoomItem {
	return RoomItem{Name: tag, Tag: tag, Overview: Condition{Rating: rating},
		DisputeAvoidance: map[string][]string{"Cleanliness": {clean}, "Damage": dmg}}
}

// The comparison: worse, same, better, missing and new, worse first.
func TestCompareCheckInWithCheckOut(t *testing.T) {
	in := Data{Inside: []Room{
		room("Kitchen", "Fine", item("Oven", "Fine", "Good", "None"), item("Fridge", "Fine", "Good"), item("Sink", "Dusty", "Fair"), item("Kettle", "Fine", "Good")),
		room("Bedroom", "Fine"),
	}}
	out := Data{Inside: []Room{
		room("Kitchen", "Fine", item("Oven", "Damaged", "Good", "Burnt"), item("Fridge", "Fine", "Good"), item("Sink", "Fine", "Good"), item("Toaster", "Fine", "Good")),
		room("Study", "Fine"),
	}}
	got := map[string]Change{}
	lines := Compare(in, out)
	for _, l := range lines {
		got[l.Room+"/"+l.Item] = l.Change
	}
	want := map[string]Change{"Kitchen/": Same, "Kitchen/Oven": Worse, "Kitchen/Fridge": Same, "Kitchen/Sink": Better, "Kitchen/Kettle": Missing,
		"Kitchen/Toaster": New, "Bedroom/": Missing, "Study/": New}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: %s, want %s", k, got[k], w)
		}
	}
	if lines[0].Item != "Oven" || lines[0].Change != Worse {
		t.Errorf("the oven is not first: %+v", lines[0])
	}
	// Damage alone makes it worse; cleanliness alone too.
	if c := compareSides(itemSide(item("Door", "Fine", "Good", "None")), itemSide(item("Door", "Fine", "Good", "Scratched"))); c != Worse {
		t.Errorf("new damage: %s", c)
	}
	if c := compareSides(itemSide(item("Door", "Fine", "Good")), itemSide(item("Door", "Fine", "Poor"))); c != Worse {
		t.Errorf("dirtier: %s", c)
	}
}

// A check-out laid out from its check-in, before the rooms are inspected:
// nothing there is "Unchanged" (issue 26); a room marked done with nothing
// worse is, and an item with a rating is compared.
func TestCompareNotInspected(t *testing.T) {
	in := Data{Inside: []Room{
		room("Kitchen", "Fine", item("Oven", "Fine", "Good"), item("Fridge", "Fine", "Good")),
		room("Bedroom", "Fine", item("Bed", "Fine", "Good")),
		room("Hall", ""),
	}}
	out := in.layoutOnly()
	out.Inside[0].Items[0].Overview.Rating, out.Inside[0].Items[0].Completed = "Fine", true // the oven inspected
	out.Inside[2].Done = true                                                               // the hall: done, nothing to say
	got := map[string]Change{}
	lines := Compare(in, out)
	for _, l := range lines {
		got[l.Room+"/"+l.Item] = l.Change
	}
	want := map[string]Change{"Kitchen/": NotInspected, "Kitchen/Oven": Same, "Kitchen/Fridge": NotInspected,
		"Bedroom/": NotInspected, "Bedroom/Bed": NotInspected, "Hall/": Same}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: %s, want %s", k, got[k], w)
		}
	}
	// Not inspected comes before the unchanged lines.
	if last := lines[len(lines)-1]; last.Change != Same {
		t.Errorf("last line: %+v", last)
	}
}
