package other

import "testing"

func TestPlain(t *testing.T) { go func() {}() }
