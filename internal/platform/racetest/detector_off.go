//go:build !race

package racetest

// Detector says whether the race detector is built in (go test -race).
const Detector = false
