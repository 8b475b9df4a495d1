package inventory

import (
	"context"
	"slices"
	"sort"
	"strings"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/photo"
	"github.com/omnirent/omnirent/internal/platform/db"
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
	// NotInspected: at check-in, and laid out in the check-out report, but
	// nothing recorded there yet (issue 26: not "unchanged").
	NotInspected Change = "notInspected"
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

// empty is a side with nothing recorded.
func (s Side) empty() bool {
	return s.Rating == "" && s.Cleanliness == "" && s.Notes == "" && len(s.Photos) == 0 && len(s.Damage) == 0
}

// compareInspected is compareSides, unless the check-out side has not been
// inspected: nothing recorded and not marked done.
func compareInspected(in, out Side, done bool) Change {
	if !done && out.empty() {
		return NotInspected
	}
	return compareSides(in, out)
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
// new, better, not yet inspected and the same, each in the rooms' order.
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
			lines = append(lines, Line{Side: side, Room: ri.Tag, Change: compareInspected(roomIn, roomOut, ro.Done), CheckIn: &roomIn, CheckOut: &roomOut})
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
				lines = append(lines, Line{Side: side, Room: ri.Tag, Item: ii.Tag, Change: compareInspected(a, b, io.Completed), CheckIn: &a, CheckOut: &b})
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
	order := map[Change]int{Worse: 0, Missing: 1, New: 2, Better: 3, NotInspected: 4, Same: 5}
	sort.SliceStable(lines, func(i, j int) bool { return order[lines[i].Change] < order[lines[j].Change] })
	return lines
}

// Comparison is a check-out report beside the check-in report it is
// compared with: the one it was started from (issue 26), named by its date
// and the people who signed it, with its photos, which the check-out's
// parties may see for the comparison.
type Comparison struct {
	CheckIn  Record
	CheckOut Record
	Lines    []Line
	// StartedFrom is true when the check-out was started from CheckIn; false
	// when it was begun otherwise and is compared with the newest signed
	// check-in report of the property (said so on the page and the PDF).
	StartedFrom bool
	// CheckInBy names who made and signed the check-in report.
	CheckInBy   string
	CheckInPics []photo.View
	CheckInEv   []PhotoEvidence
}

// MsgNoCheckIn says there is nothing to compare with.
const MsgNoCheckIn = "There is no signed check-in report for this property to compare with."

// origin is the signed check-in report a check-out report was started
// from: its clonedFrom, followed back through check-out reports cloned from
// one another; ok is false when it was begun from scratch.
func origin(ctx context.Context, c db.Conn, out Report) (Report, bool, error) {
	cur := out
	for range 20 { // a chain of clones is short; a loop is impossible but bounded anyway
		if cur.ClonedFrom == "" {
			return Report{}, false, nil
		}
		src, err := byID(ctx, c, cur.ClonedFrom)
		if apperr.KindOf(err) == apperr.NotFound {
			return Report{}, false, nil
		}
		if err != nil {
			return Report{}, false, err
		}
		switch src.Type {
		case TypeCheckIn:
			return src, src.Status != Draft, nil // taken back to edit: the newest signed one stands in
		case TypeCheckOut:
			cur = src
		default:
			return Report{}, false, nil
		}
	}
	return Report{}, false, nil
}

// checkInOf is the check-in report a check-out report is compared with:
// the one it was started from, or for one begun otherwise the newest
// signed check-in report of the property by the same creator.
func (s *Service) checkInOf(ctx context.Context, out Report) (Report, bool, bool, error) {
	in, ok, err := origin(ctx, s.db.Conn(), out)
	if err != nil || ok {
		return in, ok, ok, err
	}
	in, ok, err = latestCheckIn(ctx, s.db.Conn(), out.CreatorID, out.PropertyID)
	return in, false, ok, err
}

// Compare is the comparison for a check-out report its reader may read.
func (s *Service) Compare(ctx context.Context, a session.Actor, id string) (Comparison, error) {
	out, err := s.readable(ctx, a, id)
	if err != nil {
		return Comparison{}, err
	}
	if out.Type != TypeCheckOut {
		return Comparison{}, apperr.New(apperr.Conflict, "not_check_out", "Only a check-out report is compared with a check-in report.")
	}
	in, startedFrom, ok, err := s.checkInOf(ctx, out)
	if err != nil {
		return Comparison{}, err
	}
	if !ok {
		return Comparison{}, apperr.New(apperr.NotFound, "no_check_in", MsgNoCheckIn)
	}
	pics, err := s.photos.Of(ctx, photo.KindInventory, []string{in.ID})
	if err != nil {
		return Comparison{}, err
	}
	ev, err := s.photos.Evidences(ctx, photo.KindInventory, in.ID)
	if err != nil {
		return Comparison{}, err
	}
	inRec := s.record(ctx, in, a)
	return Comparison{CheckIn: inRec, CheckOut: s.record(ctx, out, a), Lines: Compare(in.Data, out.Data),
		StartedFrom: startedFrom, CheckInBy: s.madeBy(ctx, in), CheckInPics: pics[in.ID], CheckInEv: withNotes(ev, in, inRec.Property)}, nil
}

// madeBy names who made a report: the inspector the settings name, else
// the first to sign it (its creator signs first).
func (s *Service) madeBy(ctx context.Context, r Report) string {
	if n := strings.TrimSpace(r.Data.Settings.Inspector.First + " " + r.Data.Settings.Inspector.Last); n != "" {
		return n
	}
	if s.sign.Signing != nil {
		if env, ok, err := s.sign.Signing.Started(ctx, ref(r.ID)); err == nil && ok {
			if sg := firstSigned(env.Signers); sg != nil {
				return sg.Name
			}
		}
	}
	return ""
}

// cameFrom tells whether the actor may read a readable check-out report
// started from the report id (directly or through clones): the parties of
// a check-out see the check-in it is compared with, photos included.
func (s *Service) cameFrom(ctx context.Context, a session.Actor, id string) (bool, error) {
	outs, err := db.All(ctx, s.db.Conn(), scan, `SELECT `+cols+` FROM inventory_reports WHERE cloned_from = ? AND report_type = ?`, id, TypeCheckOut)
	if err != nil {
		return false, apperr.Wrap(err, "find check-out reports")
	}
	for range 20 {
		if len(outs) == 0 {
			return false, nil
		}
		var next []Report
		for _, o := range outs {
			if _, err := s.readable(ctx, a, o.ID); err == nil {
				return true, nil
			} else if apperr.KindOf(err) != apperr.NotFound {
				return false, err
			}
			more, err := db.All(ctx, s.db.Conn(), scan, `SELECT `+cols+` FROM inventory_reports WHERE cloned_from = ? AND report_type = ?`, o.ID, TypeCheckOut)
			if err != nil {
				return false, apperr.Wrap(err, "find check-out reports")
			}
			next = append(next, more...)
		}
		outs = next
	}
	return false, nil
}

// Named says which check-in report the check-out is compared with: its
// date and who made it, and whether the check-out was started from it.
func (c Comparison) Named() string {
	s := "the check-in report of " + ukDate(c.CheckIn.CreatedAt)
	if c.CheckInBy != "" {
		s += " by " + c.CheckInBy
	}
	if c.StartedFrom {
		return "Compared with " + s + ", the report this check-out was started from."
	}
	return "This check-out was not started from a check-in report; compared with " + s + ", the newest signed one of the property."
}
