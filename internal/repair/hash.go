package repair

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// The history is a hash chain (REPAIRS.md 3.5 H22): each event's hash
// covers its own content and the hash of the event before, so changing or
// removing any stored event breaks every hash after it. The database also
// refuses to update or delete an event (the migration's triggers); the
// chain is what a sealed history PDF will show a reader can check.

// hashOf is the hash of an event's content chained to prev.
func hashOf(e Event) (string, error) {
	data := e.dataJSON
	if data == "" {
		b, err := json.Marshal(e.Data) // map keys are sorted
		if err != nil {
			return "", err
		}
		data = string(b)
	}
	h := sha256.New()
	for _, part := range []string{e.PrevHash, e.RepairID, strconv.Itoa(e.Seq), strconv.FormatInt(e.At.UnixMilli(), 10), e.ActorID,
		string(e.ActorRole), e.ActorName, e.Kind, string(e.From), string(e.To), e.Body, data} {
		// Each part is length-prefixed, so no two different events give
		// the same input.
		fmt.Fprintf(h, "%d:%s\n", len(part), part)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// VerifyChain checks a repair's history, in order: numbered from 1, each
// event chained to the one before, each hash its content's. It names the
// first event that does not hold.
func VerifyChain(events []Event) error {
	prev := ""
	for i, e := range events {
		if e.Seq != i+1 {
			return fmt.Errorf("event %d is numbered %d: an event is missing", i+1, e.Seq)
		}
		if e.PrevHash != prev {
			return fmt.Errorf("event %d does not follow event %d", e.Seq, e.Seq-1)
		}
		h, err := hashOf(e)
		if err != nil {
			return err
		}
		if !strings.EqualFold(h, e.Hash) {
			return fmt.Errorf("event %d was changed after it was recorded", e.Seq)
		}
		prev = e.Hash
	}
	return nil
}
