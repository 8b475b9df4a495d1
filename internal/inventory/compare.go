package inventory

import (
	"context"
	"slices"
	"sort"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/session"
)

// Check-in against check-out (issue 15, part 4): room by room and item by
// item, what the check-in report recorded beside what the check-out report
// records, with what got worse first: the evidence a landlord and a tenant
// settle a deposit deduction with.

// Change is how an item or room compares.
type Change string

const (
	Worse   Change = "worse"
	Same    Change = "same"
	Better  Change = "better"
	Missing Change = "missing" // at check-in, not at check-out
	New     Change = "new"     // at check-out only
)

// cleanliness from best to worst (the spec's glossary, reversed).
var cleanliness = []string{"New Item", "Good", "Fair", "Poor", "Very poor"}

// Side is one report's record of a room or item.
type Side struct {
	Rating      string   `json:"rating"`
	Cleanliness string   `json:"cleanliness"`
	Notes       string   `json:"notes"`
	Photos      []string `json:"photos"`
	Damage      []string `json:"damage"`
}

// Line is a room's condition or one item, at check-in and at check-out.
type Line struct {
	Side     string `json:"side"` // inside or outside
	Room     string `json:"room"`
	Item     string `json:"item"` // "" for the room's own condition
	Change   Change `json:"change"`
	CheckIn  *Side  `json:"checkIn"`
	CheckOut *Side  `json:"checkOut"`
}

// rank is a value's place in an order from best to worst, -1 when unknown.
func rank(order []string, v string) int { return slices.Index(order, v) }

// compareSides: worse if the rating or the cleanliness got worse, better if
// one got better and none worse, else the same.
func compareSides(in, out Side) Change {
	worse, better := false, false
	for _, pair := range [][3]any{{Ratings, in.Rating, out.Rating}, {cleanliness, in.Cleanliness, out.Cleanliness}} {
		a, b := rank(pair[0].([]string), pair[1].(string)), rank(pair[0].([]string), pair[2].(string))
		if a < 0 || b < 0 {
			continue
		}
		worse = worse || b > a
		better = better || b < a
	}
	for _, d := range out.Damage {
		if !slices.Contains(in.Damage, d) {
			worse = true // damage recorded at check-out that was not there at check-in
		}
	}
	switch {
	case worse:
		return Worse
	case better:
		return Better
	}
	return Same
}

func itemSide(it RoomItem) Side {
	s := Side{Rating: it.Overview.Rating, Notes: it.Notes, Photos: append(slices.Clone(it.Photos), it.Overview.Photos...), Damage: damage(it)}
	if v := it.DisputeAvoidance["Cleanliness"]; len(v) > 0 {
		s.Cleanliness = v[0]
	}
	return s
}

// damage is the item's recorded damage, without "None".
func damage(it RoomItem) []string {
	var out []string
	for _, d := range it.DisputeAvoidance["Damage"] {
		if d != "None" {
			out = append(out, d)
		}
	}
	return out
}

// Compare lays a check-out report's rooms and items beside a check-in
// report's, matched by room tag and item tag: worse first, then missing,
// new, better and the same, each in the rooms' order.
func Compare(checkIn, checkOut Data) []Line {
	var lines []Line
	for _, side := range []string{SideInside, SideOutside} {
		in, out := checkIn.Inside, checkOut.Inside
		if side == SideOutside {
			in, out = checkIn.Outside, checkOut.Outside
		}
		outRooms := map[string]Room{}
		for _, r := range out {
			outRooms[r.Tag] = r
		}
		seen := map[string]bool{}
		for _, ri := range in {
			ro, ok := outRooms[ri.Tag]
			seen[ri.Tag] = true
			roomIn := Side{Rating: ri.Overview.Rating, Notes: ri.Overview.Description, Photos: ri.Overview.Photos}
			if !ok {
				lines = append(lines, Line{Side: side, Room: ri.Tag, Change: Missing, CheckIn: &roomIn})
				continue
			}
			roomOut := Side{Rating: ro.Overview.Rating, Notes: ro.Overview.Description, Photos: ro.Overview.Photos}
			lines = append(lines, Line{Side: side, Room: ri.Tag, Change: compareSides(roomIn, roomOut), CheckIn: &roomIn, CheckOut: &roomOut})
			outItems := map[string]RoomItem{}
			for _, it := range ro.Items {
				outItems[it.Tag] = it
			}
			itemSeen := map[string]bool{}
			for _, ii := range ri.Items {
				itemSeen[ii.Tag] = true
				a := itemSide(ii)
				io, ok := outItems[ii.Tag]
				if !ok {
					lines = append(lines, Line{Side: side, Room: ri.Tag, Item: ii.Tag, Change: Missing, CheckIn: &a})
					continue
				}
				b := itemSide(io)
				lines = append(lines, Line{Side: side, Room: ri.Tag, Item: ii.Tag, Change: compareSides(a, b), CheckIn: &a, CheckOut: &b})
			}
			for _, io := range ro.Items {
				if !itemSeen[io.Tag] {
					b := itemSide(io)
					lines = append(lines, Line{Side: side, Room: ri.Tag, Item: io.Tag, Change: New, CheckOut: &b})
				}
			}
		}
		for _, ro := range out {
			if !seen[ro.Tag] {
				b := Side{Rating: ro.Overview.Rating, Notes: ro.Overview.Description, Photos: ro.Overview.Photos}
				lines = append(lines, Line{Side: side, Room: ro.Tag, Change: New, CheckOut: &b})
			}
		}
	}
	order := map[Change]int{Worse: 0, Missing: 1, New: 2, Better: 3, Same: 4}
	sort.SliceStable(lines, func(i, j int) bool { return order[lines[i].Change] < order[lines[j].Change] })
	return lines
}

// Comparison is a check-out report beside the check-in report it is
// compared with: the newest signed or completed check-in report of the
// same property that the reader may read.
type Comparison struct {
	CheckIn  Record
	CheckOut Record
	Lines    []Line
}

// MsgNoCheckIn says there is nothing to compare with.
const MsgNoCheckIn = "There is no signed check-in report for this property to compare with."

// Compare is the comparison for a check-out report its reader may read.
func (s *Service) Compare(ctx context.Context, a session.Actor, id string) (Comparison, error) {
	out, err := s.readable(ctx, a, id)
	if err != nil {
		return Comparison{}, err
	}
	if out.Type != TypeCheckOut {
		return Comparison{}, apperr.New(apperr.Conflict, "not_check_out", "Only a check-out report is compared with a check-in report.")
	}
	all, err := visibleTo(ctx, s.db.Conn(), a.UserID, a.Email)
	if err != nil {
		return Comparison{}, err
	}
	for _, r := range all { // newest first
		if r.Type == TypeCheckIn && r.PropertyID == out.PropertyID && clonable(r.Status) {
			return Comparison{CheckIn: s.record(ctx, r, a), CheckOut: s.record(ctx, out, a), Lines: Compare(r.Data, out.Data)}, nil
		}
	}
	return Comparison{}, apperr.New(apperr.NotFound, "no_check_in", MsgNoCheckIn)
}
