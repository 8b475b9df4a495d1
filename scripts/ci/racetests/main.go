// Command racetests finds the tests that run code at the same time (a go
// statement or internal/platform/racetest, in the test itself or in a
// function of the test files it calls, however deep) in the packages not
// named with -whole, and prints two lines for scripts/ci/test-go.sh: the
// packages that have such tests, and one -run pattern naming them all.
// `make test-go` runs those tests under the race detector and the rest of
// those packages without it, so a new race test is picked up by its shape,
// not by a list someone must remember.
//
//	go run ./scripts/ci/racetests -whole ./internal/platform/jobs,./internal/signing [root]
//
// It fails when a concurrent test's name is also a test's name in another
// package: the pattern would then run or skip that other test too.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

func main() {
	whole := flag.String("whole", "", "comma-separated package folders run whole under the race detector (left out here)")
	flag.Parse()
	root := "internal"
	if flag.NArg() > 0 {
		root = flag.Arg(0)
	}
	pkgs, pattern, err := plan(root, strings.Split(*whole, ","))
	if err != nil {
		fmt.Fprintln(os.Stderr, "racetests:", err)
		os.Exit(1)
	}
	fmt.Println(strings.Join(pkgs, " "))
	fmt.Println(pattern)
}

func plan(root string, whole []string) (pkgs []string, pattern string, err error) {
	concurrent, all, err := Scan(root)
	if err != nil {
		return nil, "", err
	}
	skip := map[string]bool{}
	for _, w := range whole {
		if w != "" {
			skip[filepath.Clean(w)] = true
		}
	}
	owner := map[string]string{} // a test name: the folder of its concurrent test
	var names []string
	for dir, tests := range concurrent {
		if skip[filepath.Clean(dir)] {
			continue
		}
		pkgs = append(pkgs, "./"+filepath.ToSlash(dir))
		for _, name := range tests {
			owner[name] = dir
			names = append(names, name)
		}
	}
	for dir, tests := range all {
		for _, name := range tests {
			if o, ok := owner[name]; ok && o != dir {
				return nil, "", fmt.Errorf("%s is a concurrent test in %s and a test in %s too: rename one", name, o, dir)
			}
		}
	}
	if len(names) == 0 {
		return nil, "", fmt.Errorf("no concurrent tests under %s", root)
	}
	sort.Strings(pkgs)
	sort.Strings(names)
	return pkgs, "^(" + strings.Join(names, "|") + ")$", nil
}
