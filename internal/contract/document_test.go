package contract

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

var flat = Property{ID: "p", Line1: "1 High Street", Town: "Leeds", Postcode: "LS1 1AA"}

func sectionIDs(d Document) []string {
	var out []string
	for _, s := range d.Sections {
		out = append(out, s.ID)
	}
	return out
}

func numberOf(d Document, id string) int {
	for _, s := range d.Sections {
		if s.ID == id {
			return s.Number
		}
	}
	return 0
}

func TestDocumentModelFollowsTheAnswers(t *testing.T) {
	lib := mustLibraries(t).all[0]
	full := SampleAnswers() // room, guarantor, occupiers, deposit, parking, shared, mortgage
	whole := SampleAnswers()
	whole.ContractType, whole.RoomLocation = "whole", ""
	whole.Guarantor = Guarantor{Answer: No}
	whole.Occupiers = Occupiers{Answer: Skip}
	whole.Shared = Shared{Answer: No}
	whole.Parking = Parking{Answer: No}
	whole.Mortgage = No
	whole.Deposit = Deposit{Kind: DepositNone}
	whole.Utilities = Utilities{Answer: No}

	room := Build(lib, full, flat, nil)
	plain := Build(lib, whole, flat, nil)

	// Sections appear with their answers, and the numbering shifts with them.
	if n := len(room.Sections) - len(plain.Sections); n != 2 {
		t.Errorf("room+guarantor+occupiers has %d more sections than whole without; want 2 (occupiers, guarantee): %v vs %v", n, sectionIDs(room), sectionIDs(plain))
	}
	if numberOf(room, "obligations") != numberOf(plain, "obligations")+2 {
		t.Errorf("obligations numbered %d and %d", numberOf(room, "obligations"), numberOf(plain, "obligations"))
	}
	rt, pt := room.Text(), plain.Text()
	for _, want := range []string{"Second floor, front room", "Gail Guarantor", "Cara Tenant", "Deposit Protection Service", "Bay 4 behind the building",
		"subject to a mortgage", "kitchen, bathroom", "Water and Internet", "within 30 days"} {
		if !strings.Contains(rt, want) {
			t.Errorf("full agreement lacks %q", want)
		}
		if strings.Contains(pt, want) {
			t.Errorf("plain agreement has %q", want)
		}
	}
	for _, d := range []Document{room, plain} {
		txt := d.Text()
		for _, want := range []string{"written statement of terms", "section 13 of the Housing Act 1988", "two months' notice",
			"Schedule 2 to the Housing Act 1988", "3% a year above the", "24 hours' notice", "14 days", "within 7 days",
			"ask the landlord in writing for consent to keep a pet"} {
			if !strings.Contains(txt, want) {
				t.Errorf("agreement lacks %q", want)
			}
		}
		if len(d.Signatures) == 0 || d.Signatures[0].Role != "Landlord" {
			t.Errorf("signatures: %v", d.Signatures)
		}
	}
	if !strings.Contains(pt, "does not take a security deposit") {
		t.Error("no-deposit clause missing")
	}
	// Clause numbers follow the section numbers.
	for _, s := range room.Sections {
		if got := s.Blocks[0].Runs[0].Text; !strings.HasPrefix(got, strings.TrimSpace(itoa(s.Number))+".1 ") {
			t.Errorf("section %s numbered %d starts %q", s.ID, s.Number, got)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestEditsReplaySurviveAndGoStale(t *testing.T) {
	lib := mustLibraries(t).all[0]
	a := SampleAnswers()
	base, _ := Generated(lib, a, flat, "rent")
	edits := map[string]Edit{
		"rent":    {Text: RichText{Ops: []Op{{Insert: "Rent is what we agreed.\n"}}}, Base: fingerprint(base)},
		"parties": {Text: RichText{Ops: []Op{{Insert: "Our parties.\n"}}}, Base: "other"},
	}
	d := Build(lib, a, flat, edits)
	rent := find(d, "rent")
	if !rent.Edited || rent.Stale || rent.Blocks[0].Runs[0].Text != "Rent is what we agreed." {
		t.Fatalf("rent section: %+v", rent)
	}
	// A changed rent changes the generated rent text: the edit stays, marked stale;
	// other sections are regenerated with the new figure.
	a.RentPence = 130000
	d = Build(lib, a, flat, edits)
	if r := find(d, "rent"); !r.Edited || !r.Stale {
		t.Errorf("after rent change: %+v", r)
	}
	if !strings.Contains(d.Text(), "£1,300.00") {
		t.Error("new rent not in the statement")
	}
}

func find(d Document, id string) DocSection {
	for _, s := range d.Sections {
		if s.ID == id {
			return s
		}
	}
	return DocSection{}
}

func TestRichTextIsCleaned(t *testing.T) {
	var r RichText
	raw := `{"ops":[{"insert":"Hello <script>x</script>","attributes":{"bold":true,"link":"https://x","size":"99px","color":"red"}},
		{"insert":{"image":"data:x"}},{"insert":"\n","attributes":{"list":"bullet","align":"center"}},{"insert":"bad\u0007char\n"}]}`
	if err := jsonUnmarshal(raw, &r); err != nil {
		t.Fatal(err)
	}
	c := r.Clean()
	blocks := c.Blocks()
	if len(blocks) != 2 || blocks[0].Kind != "bullet" || blocks[0].Align != "center" || !blocks[0].Runs[0].Bold || blocks[0].Runs[0].Size != "" {
		t.Fatalf("blocks: %+v", blocks)
	}
	if blocks[0].Runs[0].Text != "Hello <script>x</script>" || blocks[1].Runs[0].Text != "badchar" {
		t.Errorf("text: %+v", blocks)
	}
	back := FromBlocks(blocks).Blocks()
	if len(back) != 2 || back[0].Kind != "bullet" {
		t.Errorf("round trip: %+v", back)
	}
}

func BenchmarkBuildFullAgreement(b *testing.B) {
	lib := mustLibraries(b).all[0]
	a := SampleAnswers()
	edits := map[string]Edit{"parties": {Text: RichText{Ops: []Op{{Insert: strings.Repeat("Edited words. ", 200) + "\n"}}}}}
	b.ReportAllocs()
	for b.Loop() {
		_ = Build(lib, a, flat, edits)
	}
}

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }

// The agreement's own words (issue 25, "What the documents say"): a
// "monthly" or "weekly" rent period, no file path in the cover's sources,
// and the clause library named for people, not by its internal version.
func TestDocumentWording(t *testing.T) {
	lib := mustLibraries(t).all[0]
	monthly := SampleAnswers()
	weekly := SampleAnswers()
	weekly.RentPeriod = "weekly"
	for _, c := range []struct {
		a    Answers
		want string
	}{{monthly, "with a monthly rent period"}, {weekly, "with a weekly rent period"}} {
		text := Build(lib, c.a, flat, nil).Text()
		if !strings.Contains(text, c.want) {
			t.Errorf("agreement lacks %q", c.want)
		}
		if strings.Contains(text, "a month rent period") || strings.Contains(text, "a week rent period") {
			t.Errorf("agreement still says %q", "a month rent period")
		}
	}
	d := Build(lib, monthly, flat, nil)
	for _, s := range []string{d.Source, d.Subtitle, d.Disclaimer, d.Edition} {
		if strings.Contains(s, ".md") || strings.Contains(s, "../") || strings.Contains(s, lib.Version) {
			t.Errorf("the cover shows a file path or internal name: %q", s)
		}
	}
	if d.Edition != "England, in force from 1 May 2026" {
		t.Errorf("edition = %q", d.Edition)
	}
}
