package contract

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// updateGolden rewrites the England golden files from the code as it is:
// go test ./internal/contract -run TestEnglandAgreementGolden -update-golden
var updateGolden = flag.Bool("update-golden", false, "rewrite testdata/golden from the current England agreement")

// TestEnglandAgreementGolden holds England's agreement to its bytes: for the
// same answers the document model (JSON) and its text must not change at
// all while the other nations are added. The files were written from the
// builder before any nation work began (issue 46).
func TestEnglandAgreementGolden(t *testing.T) {
	libs := mustLibraries(t)
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
	for _, c := range []struct {
		name string
		a    Answers
	}{{"england-room", full}, {"england-whole", whole}} {
		for _, lib := range libs.all {
			if lib.Jurisdiction != "England" {
				continue
			}
			doc := Build(lib, c.a, flat, nil)
			model, err := json.MarshalIndent(doc, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			answers, err := json.MarshalIndent(c.a, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			base := filepath.Join("testdata", "golden", c.name+"-"+lib.Version)
			for ext, got := range map[string][]byte{".model.json": model, ".txt": []byte(doc.Text()), ".answers.json": answers} {
				path := base + ext
				if *updateGolden {
					if err := os.WriteFile(path, got, 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(path)
				if err != nil {
					t.Fatalf("%s: %v (write it with -update-golden from an unchanged England builder)", path, err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s: the England agreement changed for the same answers (%d bytes, want %d)", path, len(got), len(want))
				}
			}
		}
	}
}
