package main

import (
	"reflect"
	"testing"
)

// TestFindTellsConcurrentTestsByTheirShape: a go statement or the racetest
// package, in the test or in a helper of another test file however deep,
// makes a test concurrent, as does racetest.Concurrent, the mark of a test
// whose code under test starts goroutines; LogicOnly and recursion without
// either do not.
func TestFindTellsConcurrentTestsByTheirShape(t *testing.T) {
	found, err := Find("testdata")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		"testdata/other": {"TestPlain"},
		"testdata/pkg":   {"TestDirectGo", "TestMarked", "TestThroughHelpers", "TestThroughMethod", "TestTogether", "TestWaitGroupGo"},
	}
	if !reflect.DeepEqual(found, want) {
		t.Fatalf("Find = %v, want %v", found, want)
	}
}

// TestPlanRefusesAConcurrentNameUsedElsewhere: TestPlain is concurrent in
// testdata/other and plain in testdata/pkg, so one pattern cannot tell them
// apart; with testdata/other run whole it is no longer in the pattern.
func TestPlanRefusesAConcurrentNameUsedElsewhere(t *testing.T) {
	if _, _, err := plan("testdata", nil); err == nil {
		t.Fatal("plan accepted TestPlain, concurrent in one package and plain in another")
	}
	pkgs, pattern, err := plan("testdata", []string{"testdata/other"})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"./testdata/pkg"}; !reflect.DeepEqual(pkgs, want) {
		t.Errorf("packages = %v, want %v", pkgs, want)
	}
	if want := "^(TestDirectGo|TestMarked|TestThroughHelpers|TestThroughMethod|TestTogether|TestWaitGroupGo)$"; pattern != want {
		t.Errorf("pattern = %s, want %s", pattern, want)
	}
}
