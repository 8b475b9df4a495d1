//go:build !unix

package storage

import (
	"errors"
	"os"
)

var errNoFlock = errors.New("storage: file locks not supported here")

// Without flock the temp folder keeps the one-hour rule only.
func lockFileExclusive(*os.File) error { return errNoFlock }
func lockFileShared(*os.File) error    { return errNoFlock }
