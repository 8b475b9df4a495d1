package openbanking

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/url"
	"time"
)

// Sandbox is the embedded bank. Its consent page (served by the app under
// ConsentPath) lets the renter pick a persona; Accounts then produces that
// persona's 12 months of statements. Nothing here is random: the same
// persona and the same day give the same statement, so tests can work the
// figures out by hand.
type Sandbox struct {
	BaseURL string // the site's public URL
}

// ConsentPath is where the app serves the sandbox bank's consent page.
const ConsentPath = "/sandbox-bank/consent"

func (s Sandbox) ConsentURL(_ context.Context, state, renterName string) (string, error) {
	q := url.Values{"state": {state}, "name": {renterName}}
	return s.BaseURL + ConsentPath + "?" + q.Encode(), nil
}

// SandboxCode is what the consent page hands to the callback: the persona
// chosen and the account holder's name (the renter's own name, except for
// the persona whose account belongs to somebody else).
type SandboxCode struct {
	Persona string `json:"p"`
	Holder  string `json:"h"`
}

func (c SandboxCode) Encode() string {
	b, _ := json.Marshal(c)
	return base64.RawURLEncoding.EncodeToString(b)
}

func decodeCode(code string) (SandboxCode, error) {
	var c SandboxCode
	b, err := base64.RawURLEncoding.DecodeString(code)
	if err == nil {
		err = json.Unmarshal(b, &c)
	}
	if err != nil {
		return c, fmt.Errorf("openbanking: bad sandbox code")
	}
	return c, nil
}

func (s Sandbox) Accounts(_ context.Context, code string, now time.Time) ([]Account, error) {
	c, err := decodeCode(code)
	if err != nil {
		return nil, err
	}
	p, ok := personaByID(c.Persona)
	if !ok {
		return nil, fmt.Errorf("openbanking: unknown sandbox persona %q", c.Persona)
	}
	holder := c.Holder
	if p.Holder != "" {
		holder = p.Holder
	}
	return []Account{{Name: "Sandbox current account", HolderName: holder, Transactions: p.statement(now)}}, nil
}
