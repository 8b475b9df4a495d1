package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
)

// Find walks root and returns, by package folder, the sorted names of the
// top-level tests that are concurrent: their body, or a function or method
// of the same folder's test files they call (directly or through others),
// holds a go statement, a call of a method Go (sync.WaitGroup's, errgroup's)
// or calls the racetest package (LogicOnly aside: it marks a test that has
// no concurrency at all; racetest.Concurrent marks one whose code under
// test starts goroutines of its own). Calls into the test
// helper packages (folders named *test) count when the helper is itself
// concurrent, as killtest's process watcher is not: a helper process is
// another program, which the race detector does not see into.
func Find(root string) (map[string][]string, error) {
	found, _, err := Scan(root)
	return found, err
}

// Scan is Find, and also every top-level test's name by package folder.
func Scan(root string) (concurrent, all map[string][]string, err error) {
	byDir := map[string][]*ast.File{}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != root && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		byDir[filepath.Dir(p)] = append(byDir[filepath.Dir(p)], f)
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	concurrent, all = map[string][]string{}, map[string][]string{}
	for dir, files := range byDir {
		names, every := concurrentTests(files)
		all[dir] = every
		if len(names) > 0 {
			concurrent[dir] = names
		}
	}
	return concurrent, all, nil
}

func concurrentTests(files []*ast.File) (names, tests []string) {
	bodies := map[string]*ast.BlockStmt{} // functions and methods by name
	for _, f := range files {
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			bodies[fd.Name.Name] = fd.Body
			if fd.Recv == nil && strings.HasPrefix(fd.Name.Name, "Test") && fd.Name.Name != "TestMain" {
				tests = append(tests, fd.Name.Name)
			}
		}
	}
	memo := map[string]bool{}
	var concurrent func(name string, seen map[string]bool) bool
	concurrent = func(name string, seen map[string]bool) bool {
		if v, ok := memo[name]; ok {
			return v
		}
		if seen[name] {
			return false
		}
		seen[name] = true
		body := bodies[name]
		found := false
		ast.Inspect(body, func(n ast.Node) bool {
			if found {
				return false
			}
			switch x := n.(type) {
			case *ast.GoStmt:
				found = true
			case *ast.SelectorExpr:
				if id, ok := x.X.(*ast.Ident); ok && id.Name == "racetest" && x.Sel.Name != "LogicOnly" && x.Sel.Name != "Detector" {
					found = true
				} else if x.Sel.Name == "Go" {
					found = true // sync.WaitGroup.Go, errgroup.Group.Go
				} else if _, ok := bodies[x.Sel.Name]; ok && concurrent(x.Sel.Name, seen) {
					found = true // a method of the test files
				}
			case *ast.Ident:
				if _, ok := bodies[x.Name]; ok && x.Name != name && concurrent(x.Name, seen) {
					found = true
				}
			}
			return true
		})
		if found { // a false answer met inside a cycle may be wrong elsewhere
			memo[name] = true
		}
		return found
	}
	for _, t := range tests {
		if concurrent(t, map[string]bool{}) {
			names = append(names, t)
		}
	}
	sort.Strings(names)
	sort.Strings(tests)
	return names, tests
}
