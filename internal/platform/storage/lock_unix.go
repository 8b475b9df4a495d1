//go:build unix

package storage

import (
	"os"
	"syscall"
)

// lockFileExclusive takes an exclusive flock on f without waiting; it fails
// when another open file (in any process) holds a lock on it.
func lockFileExclusive(f *os.File) error {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
}

// lockFileShared takes (or turns the exclusive lock into) a shared flock,
// waiting while another process sweeps under its exclusive one.
func lockFileShared(f *os.File) error {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_SH)
}
