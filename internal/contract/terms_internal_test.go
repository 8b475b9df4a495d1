package contract

import (
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/tenancy/terms"
)

// The clause libraries' own wording raises no flag: a landlord who edits a
// section and leaves a clause as it was is never asked to acknowledge it,
// and a flag on the library's words would be a false alarm.
func TestLibraryWordingRaisesNoFlag(t *testing.T) {
	checker := terms.MustLoad()
	for _, lib := range mustLibraries(t).all {
		on, _ := time.Parse(time.DateOnly, lib.EffectiveFrom)
		var texts []string
		for _, s := range lib.Sections {
			for _, c := range s.Clauses {
				var b strings.Builder
				if err := c.tmpl.Execute(&b, sampleView()); err != nil {
					t.Fatal(err)
				}
				texts = append(texts, b.String())
			}
		}
		for _, text := range texts {
			if f := checker.Check(text, on, terms.Agreement); len(f) > 0 {
				t.Errorf("%s: library wording flagged %s: %q", lib.Version, f[0].Rule, text)
			}
		}
	}
}
