package config

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// docs/configuration.md holds the table MarkdownTable makes from Options:
// a setting added, removed or reworded in the code without the page fails here.
func TestConfigurationPageMatchesTheCode(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "..", "docs", "configuration.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), MarkdownTable()) {
		t.Fatal("docs/configuration.md does not hold the current table: run `go run ./cmd/omnirent config` and paste it in")
	}
}

var envName = regexp.MustCompile(`"(OMNIRENT_[A-Z0-9_]+)"`)

// Every OMNIRENT_ variable the code reads is documented (secrets' _FILE
// forms are documented once, at the top of the page; test-only variables
// are read only by tests).
func TestEveryVariableTheCodeReadsIsDocumented(t *testing.T) {
	documented := map[string]bool{}
	for _, o := range Options {
		documented[o.Name] = true
	}
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == "web" || d.Name() == "e2e" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range envName.FindAllStringSubmatch(string(b), -1) {
			name := strings.TrimSuffix(m[1], "_FILE")
			if strings.HasPrefix(name, "OMNIRENT_TEST_") {
				continue // the test suites' own settings (the README's Tests section)
			}
			if !documented[name] {
				t.Errorf("%s reads %s, which docs/configuration.md (config.Options) does not list", path, m[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
