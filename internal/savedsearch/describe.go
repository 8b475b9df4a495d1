package savedsearch

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/omnirent/omnirent/internal/platform/money"
)

// canonical keeps the saved parameters of q, trimmed, empty ones dropped,
// in a stable order (url.Values.Encode sorts by key).
func canonical(q url.Values) url.Values {
	out := url.Values{}
	for _, k := range queryKeys {
		if v := strings.TrimSpace(q.Get(k)); v != "" {
			out.Set(k, v)
		}
	}
	// A rent cycle alone filters nothing.
	if out.Get("minimumRent") == "" && out.Get("maximumRent") == "" {
		out.Del("rentCycle")
	}
	return out
}

// Describe names a search after its filters, as the default name of a
// saved search: "SW11, within 1 mile, 2 to 3 beds, up to £2,000 pcm".
func Describe(q url.Values) string {
	q = canonical(q)
	var parts []string
	if a := q.Get("searchArea"); a != "" {
		parts = append(parts, a)
	} else {
		parts = append(parts, "Anywhere")
	}
	if r := q.Get("radius"); r != "" {
		unit := "miles"
		if r == "1" {
			unit = "mile"
		}
		parts = append(parts, "within "+r+" "+unit)
	}
	if s := rangeText(q.Get("minimumBeds"), q.Get("maximumBeds"), "bed", "beds", bedsLabel); s != "" {
		parts = append(parts, s)
	}
	per := "pcm"
	if q.Get("rentCycle") == "Weekly" {
		per = "pcw"
	}
	if s := rangeText(q.Get("minimumRent"), q.Get("maximumRent"), "", "", pounds); s != "" {
		parts = append(parts, s+" "+per)
	}
	if s := rangeText(q.Get("minimumBathrooms"), q.Get("maximumBathrooms"), "bathroom", "bathrooms", plain); s != "" {
		parts = append(parts, s)
	}
	name := strings.Join(parts, ", ")
	if r := []rune(name); len(r) > maxNameRunes {
		name = string(r[:maxNameRunes-1]) + "…"
	}
	return name
}

func plain(s string) string { return strings.TrimSuffix(s, "+") }

func bedsLabel(s string) string {
	if strings.EqualFold(s, "studio") || s == "0" {
		return "studio"
	}
	return plain(s)
}

func pounds(s string) string {
	n, err := strconv.ParseInt(strings.ReplaceAll(s, ",", ""), 10, 64)
	if err != nil {
		return s
	}
	f := money.Format(n * 100)
	return strings.TrimSuffix(f, ".00")
}

// rangeText words a min/max pair: "2 to 3 beds", "2+ beds", "up to 3 beds".
func rangeText(lo, hi, one, many string, label func(string) string) string {
	unit := func(v string) string {
		if many == "" {
			return ""
		}
		if v == "1" {
			return " " + one
		}
		if v == "studio" {
			return ""
		}
		return " " + many
	}
	switch {
	case lo != "" && hi != "" && label(lo) == label(hi):
		return label(lo) + unit(label(hi))
	case lo != "" && hi != "":
		return fmt.Sprintf("%s to %s%s", label(lo), label(hi), unit(label(hi)))
	case lo != "" && label(lo) == "studio":
		return "studio or larger"
	case lo != "":
		if many == "" {
			return "from " + label(lo)
		}
		return label(lo) + "+" + unit(label(lo)+"+")
	case hi != "":
		return "up to " + label(hi) + unit(label(hi))
	}
	return ""
}
