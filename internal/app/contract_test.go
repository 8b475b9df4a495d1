package app_test

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// openAPIOperations reads "METHOD /path" pairs from api/openapi.yaml. The
// file keeps paths at two spaces and methods at four, which is all we need.
func openAPIOperations(t *testing.T) []string {
	b, err := os.ReadFile("../../api/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	pathRe := regexp.MustCompile(`^  (/\S*):\s*$`)
	methodRe := regexp.MustCompile(`^    (get|post|put|patch|delete):\s*$`)
	var ops []string
	current := ""
	for _, line := range strings.Split(string(b), "\n") {
		if m := pathRe.FindStringSubmatch(line); m != nil {
			current = m[1]
		} else if m := methodRe.FindStringSubmatch(line); m != nil && current != "" {
			ops = append(ops, strings.ToUpper(m[1])+" "+current)
		}
		if strings.HasPrefix(line, "components:") {
			break
		}
	}
	return ops
}

// Every API route the server registers is in the contract, and every
// operation of the contract is served: the web app's generated types
// (web/src/lib/api-schema.d.ts, checked by `npm run check:api`) therefore
// describe the real server.
func TestRoutesMatchOpenAPIContract(t *testing.T) {
	e := apptest.Start(t, dbtest.Open(t, db.SQLite), nil)
	var served []string
	for _, p := range e.App.Routes {
		method, path, ok := strings.Cut(p, " ")
		if !ok || !(strings.HasPrefix(path, "/api/") || path == "/healthz") {
			continue // the SPA, the dev mailbox page and catch-alls are not API operations
		}
		served = append(served, method+" "+path)
	}
	contract := openAPIOperations(t)
	if len(contract) < 10 {
		t.Fatalf("parsed only %d operations from openapi.yaml", len(contract))
	}
	for _, op := range served {
		if !slices.Contains(contract, op) {
			t.Errorf("served but missing from api/openapi.yaml: %s", op)
		}
	}
	for _, op := range contract {
		if !slices.Contains(served, op) {
			t.Errorf("in api/openapi.yaml but not served: %s", op)
		}
	}
}
