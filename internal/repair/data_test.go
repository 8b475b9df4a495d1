package repair

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/workdays"
)

func loaded(t testing.TB) *Data {
	t.Helper()
	d, err := LoadData()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func ukTime(s string) time.Time {
	t, err := time.ParseInLocation("2006-01-02 15:04", s, clock.UK)
	if err != nil {
		panic(err)
	}
	return t
}

func TestTheCategoryTree(t *testing.T) {
	d := loaded(t)
	var names []string
	for _, c := range d.Tree.Categories {
		names = append(names, c.Name)
		if n := len(c.Questions); n < 2 || n > 5 {
			t.Errorf("%s has %d questions: a few are asked", c.ID, n)
		}
	}
	want := []string{"Heating and hot water", "Water and leaks", "Damp and mould", "Electrics", "Gas", "Smoke and CO alarms",
		"Kitchen and appliances", "Bathroom and WC", "Doors, windows and security", "Roof and exterior", "Pests", "Communal areas", "Something else"}
	if !slices.Equal(names, want) {
		t.Errorf("categories:\n%q\nwant\n%q", names, want)
	}
}

func TestAnswersGivePriorityHazardsAndSafety(t *testing.T) {
	tree := loaded(t).Tree
	for _, tc := range []struct {
		name       string
		category   string
		answers    map[string]string
		vulnerable bool
		priority   Priority
		hazards    []string
		safety     []string
	}{
		{"a smell of gas", "gas", map[string]string{"what": "smell"}, false, Emergency, []string{"gas"}, []string{"gas"}},
		{"a CO alarm sounding", "alarms", map[string]string{"what": "co-sounding", "which": "co"}, false, Emergency, []string{"fire_alarm", "carbon_monoxide"}, []string{"carbon-monoxide"}},
		{"sparking", "electrics", map[string]string{"what": "sparking"}, false, Emergency, []string{"electrical"}, []string{"electrical"}},
		{"water near electrics", "water-leaks", map[string]string{"what": "near-electrics", "stopped": "still-running"}, false, Emergency, []string{"water_ingress", "electrical"}, []string{"water-electrics"}},
		{"no heating", "heating-hot-water", map[string]string{"what": "no-heat", "boiler": "error"}, false, Urgent, []string{"no_heat"}, nil},
		{"no heating with someone vulnerable", "heating-hot-water", map[string]string{"what": "no-heat", "boiler": "error"}, true, Emergency, []string{"no_heat"}, nil},
		{"a small patch of mould", "damp-mould", map[string]string{"where": "windows", "size": "small", "health": "no"}, false, Routine, []string{"damp_mould"}, nil},
		{"the same with someone vulnerable", "damp-mould", map[string]string{"where": "windows", "size": "small", "health": "no"}, true, Urgent, []string{"damp_mould"}, nil},
		{"a dripping tap", "bathroom-wc", map[string]string{"what": "basin-taps", "leaking": "no"}, false, Routine, []string{}, nil},
		{"a faulty alarm is urgent by its category", "alarms", map[string]string{"what": "chirping", "which": "smoke"}, false, Urgent, []string{"fire_alarm"}, nil},
	} {
		a, fields := tree.Assess(tc.category, tc.answers, tc.vulnerable)
		if fields != nil {
			t.Errorf("%s: %v", tc.name, fields)
			continue
		}
		if a.Priority != tc.priority || !slices.Equal(a.Hazards, tc.hazards) || !slices.Equal(a.Safety, tc.safety) {
			t.Errorf("%s: %s %v %v, want %s %v %v", tc.name, a.Priority, a.Hazards, a.Safety, tc.priority, tc.hazards, tc.safety)
		}
	}
	for name, tc := range map[string]struct {
		category string
		answers  map[string]string
		fields   map[string]string
	}{
		"unknown category": {"plumbing", map[string]string{}, map[string]string{"category": MsgCategory}},
		"unanswered":       {"gas", map[string]string{}, map[string]string{"answers.what": MsgAnswer}},
		"unknown answer":   {"gas", map[string]string{"what": "leak"}, map[string]string{"answers.what": MsgUnknown}},
		"unknown question": {"gas", map[string]string{"what": "smell", "colour": "blue"}, map[string]string{"answers.colour": MsgUnknown}},
	} {
		if _, fields := tree.Assess(tc.category, tc.answers, false); len(fields) != len(tc.fields) || !mapsEqual(fields, tc.fields) {
			t.Errorf("%s: %v, want %v", name, fields, tc.fields)
		}
	}
}

func mapsEqual(a, b map[string]string) bool {
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return len(a) == len(b)
}

// The gas advice names Great Britain's line in England, Wales and
// Scotland, and Northern Ireland's own there.
func TestGasAdviceByNation(t *testing.T) {
	tree := loaded(t).Tree
	for j, want := range map[string]string{
		"England": "National Gas Emergency Service on 0800 111 999", "Wales": "0800 111 999", "Scotland": "0800 111 999",
		"Northern Ireland": "Northern Ireland Gas Emergency Service on 0800 002 001",
	} {
		a, ok := tree.AdviceFor("gas", j)
		if !ok || a.Line == nil {
			t.Fatalf("%s: no gas advice", j)
		}
		text := strings.Join(a.Steps, "\n")
		if !strings.Contains(text, want) || strings.Contains(text, "{line}") || !strings.Contains(a.Steps[0], "switches") {
			t.Errorf("%s: %q", j, text)
		}
		if j == "Northern Ireland" && !strings.Contains(text, "on your gas meter") {
			t.Errorf("Northern Ireland's advice does not say where else the number is: %q", text)
		}
	}
	if a, ok := tree.AdviceFor("electrical", "Scotland"); !ok || a.Line != nil || len(a.Steps) == 0 {
		t.Errorf("electrical advice: %+v", a)
	}
}

func dueOf(t *testing.T, d *Data, f Facts, trigger Trigger, at time.Time) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, r := range d.Catalogue.Applicable(f, trigger, at) {
		due, err := d.Due(r, f.Jurisdiction, at)
		if err != nil {
			t.Fatal(err)
		}
		out[r.ID] = due.Day
		if r.Unit == Hours {
			out[r.ID] = due.At.In(clock.UK).Format("2006-01-02 15:04")
		}
	}
	return out
}

// REPAIRS.md 3.6 tests 1, 2 and 14 on the catalogue.
func TestCatalogueDeadlines(t *testing.T) {
	d := loaded(t)
	damp := func(j string) Facts {
		return Facts{Jurisdiction: j, Category: "damp-mould", Priority: Routine, Hazards: []string{"damp_mould"}}
	}
	friday := ukTime("2026-11-27 16:00")
	if got := dueOf(t, d, damp("Scotland"), TriggerAware, friday); !mapsEqual(got, map[string]string{"SCO-DM-INV": "2026-12-14", "ALL-ROUTINE": "2027-01-13"}) {
		t.Errorf("Scotland, damp told on Fri 27 Nov 2026: %v", got)
	}
	if got := dueOf(t, d, damp("England"), TriggerAware, friday); !mapsEqual(got, map[string]string{"ENG-SIG-INV": "2026-12-11", "ENG-REPLY": "2026-12-11", "ALL-ROUTINE": "2027-01-11"}) {
		t.Errorf("England, damp told on Fri 27 Nov 2026: %v", got)
	}
	// Before 6 October 2026 Scotland had no damp clock.
	if got := dueOf(t, d, damp("Scotland"), TriggerAware, ukTime("2026-10-05 12:00")); got["SCO-DM-INV"] != "" {
		t.Errorf("the damp clock ran before the regulations: %v", got)
	}
	completed := ukTime("2026-12-23 15:00")
	if got := dueOf(t, d, damp("Scotland"), TriggerInvestigated, completed); !mapsEqual(got, map[string]string{"SCO-DM-SUM": "2026-12-30"}) {
		t.Errorf("Scottish summary: %v", got)
	}
	if got := dueOf(t, d, damp("Scotland"), TriggerSafetyWorkNeeded, completed); !mapsEqual(got, map[string]string{"SCO-DM-WORK": "2027-01-05"}) {
		t.Errorf("Scottish safety work: %v", got)
	}
	if got := dueOf(t, d, damp("England"), TriggerSafetyWorkNeeded, completed); !mapsEqual(got, map[string]string{"ENG-SIG-SAFE": "2027-01-04"}) {
		t.Errorf("English make-safe: %v", got)
	}
	gas := Facts{Jurisdiction: "Wales", Category: "gas", Priority: Emergency, Hazards: []string{"gas"}}
	if got := dueOf(t, d, gas, TriggerAware, ukTime("2026-11-02 09:00")); !mapsEqual(got, map[string]string{"ALL-EMERG": "2026-11-03 09:00", "ALL-URGENT": "2026-11-09"}) {
		t.Errorf("Welsh gas emergency: %v", got)
	}
	alarm := Facts{Jurisdiction: "Northern Ireland", Category: "alarms", Priority: Urgent, Hazards: []string{"fire_alarm"}}
	if got := dueOf(t, d, alarm, TriggerAware, ukTime("2027-07-09 18:00")); !mapsEqual(got, map[string]string{"ALL-ALARM": "2027-07-10 18:00", "ALL-URGENT": "2027-07-19"}) {
		t.Errorf("NI alarm over the Twelfth: %v", got)
	}
	eicr := Facts{Jurisdiction: "Northern Ireland", Category: "electrics", Priority: Urgent, Hazards: []string{"electrical"}}
	if got := dueOf(t, d, eicr, TriggerEICRRemedial, ukTime("2027-03-01 10:00")); !mapsEqual(got, map[string]string{"NI-EICR-REM": "2027-03-29"}) {
		t.Errorf("NI EICR remedial: %v", got)
	}
	if got := dueOf(t, d, Facts{Jurisdiction: "Scotland"}, TriggerAccessNotice, ukTime("2026-11-03 10:00")); !mapsEqual(got, map[string]string{"SCO-ACCESS": "2026-11-05 10:00"}) {
		t.Errorf("Scottish access notice: %v", got)
	}
	r, _ := d.Catalogue.Rule("SCO-DM-INV")
	if r.Kind != Legal || r.EffectiveFrom != "2026-10-06" || !strings.Contains(r.Source, "SSI 2026/173") {
		t.Errorf("SCO-DM-INV: %+v", r)
	}
	if r, _ := d.Catalogue.Rule("ENG-SIG-INV"); r.Kind != Target {
		t.Errorf("England's damp clock is a target for private landlords: %s", r.Kind)
	}
}

// A bad data file stops the server at start-up, saying what is wrong.
func TestBadDataIsRefused(t *testing.T) {
	cal := workdays.Default()
	for name, tc := range map[string]struct {
		cats, deadlines, old, new, want string
	}{
		"unknown field":             {"cats", "", "    priority: routine\n    questions:", "    priority: routine\n    colour: red\n    questions:", "field colour not found"},
		"safety on a non-emergency": {"cats", "", "priority: emergency, safety: electrical}", "priority: urgent, safety: electrical}", "is an emergency"},
		"unknown safety advice":     {"cats", "", "safety: leak}", "safety: flood}", `unknown safety advice "flood"`},
		"unknown hazard":            {"cats", "", "hazards: [damp_mould]\n    questions", "hazards: [mould]\n    questions", "known hazards"},
		"no line for a nation":      {"cats", "", "      - jurisdictions: [Northern Ireland]\n        name: Northern Ireland Gas Emergency Service", "      - jurisdictions: [Wales]\n        name: Northern Ireland Gas Emergency Service", "unknown or given two lines"},
		"repeated question":         {"cats", "", "      - id: boiler", "      - id: what", `question "what"`},
		"unknown status":            {"", "deadlines", "metBy: [summary_sent]", "metBy: [summarised]", `unknown status "summarised"`},
		"unknown category":          {"", "deadlines", "categories: [alarms]", "categories: [alarm]", `unknown category "alarm"`},
		"hours with a start":        {"", "deadlines", "    unit: hours\n    effect: by\n    kind: target\n    metBy: [in_progress, work_done]\n    confidence: H", "    unit: hours\n    startsOn: next-day\n    effect: by\n    kind: target\n    metBy: [in_progress, work_done]\n    confidence: H", "startsOn"},
		"no completion for routine": {"", "deadlines", "when: {priorities: [routine]}", "when: {priorities: [routine], hazards: [gas]}", "no rule says when a routine repair in England is to be done by"},
		"bad effective dates":       {"", "deadlines", `effectiveFrom: "2026-10-06"`, `effectiveFrom: "6 October 2026"`, "is not a date"},
		"repeated rule":             {"", "deadlines", "id: SCO-DM-SUM", "id: SCO-DM-INV", "missing, repeated or badly formed"},
		"not-before with statuses":  {"", "deadlines", "    effect: not-before\n    kind: legal\n    confidence: H\n    source: Landlord", "    effect: not-before\n    kind: legal\n    metBy: [closed]\n    confidence: H\n    source: Landlord", "only such a deadline"},
		"unknown jurisdiction":      {"", "deadlines", "jurisdictions: [Wales, Scotland, Northern Ireland]", "jurisdictions: [Wales, Scotland, Ulster]", `unknown jurisdiction "Ulster"`},
		"a plain http source":       {"", "deadlines", "url: https://www.legislation.gov.uk/ukpga/2015/20/section/33", "url: http://www.legislation.gov.uk/ukpga/2015/20/section/33", "https url"},
	} {
		cats, deadlines := string(categoriesYAML), string(deadlinesYAML)
		target := &deadlines
		if tc.cats != "" {
			target = &cats
		}
		if !strings.Contains(*target, tc.old) {
			t.Fatalf("%s: the data no longer holds %q", name, tc.old)
		}
		*target = strings.Replace(*target, tc.old, tc.new, 1)
		_, err := parseData([]byte(cats), []byte(deadlines), cal)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", name, err, tc.want)
		}
	}
}
