package text

import "testing"

func TestSingleLine(t *testing.T) {
	england := "\U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F"
	for _, tc := range []struct{ name, in, want string }{
		// The two hostile inputs of issue 43.
		{"right-to-left override in a file name", "inv\u202Efdp.pdf", "invfdp.pdf"},
		{"title typed with line breaks", "Boiler service\r\nBcc: everyone@example.com\n\nbring keys", "Boiler service Bcc: everyone@example.com bring keys"},

		{"plain text unchanged", "Gas safety check", "Gas safety check"},
		{"trimmed", "  Gas safety check \t", "Gas safety check"},
		{"white space collapsed", "Gas   safety\t\tcheck", "Gas safety check"},
		{"only line breaks is empty", "\r\n\t \n", ""},
		{"empty", "", ""},
		{"NUL and DEL", "Fire\x00alarm\x7f", "Fire alarm"},
		{"C1 controls (NEL, CSI)", "Fire\u0085alarm\u009b", "Fire alarm"},
		{"line and paragraph separators", "Fire\u2028alarm\u2029test", "Fire alarm test"},
		{"every bidi control dropped", "\u202aa\u202bb\u202cc\u202dd\u202ee\u2066f\u2067g\u2068h\u2069i\u200ej\u200fk\u061cl", "abcdefghijkl"},
		{"isolate hiding a reordered name", "report\u2067fdp.exe\u2069", "reportfdp.exe"},
		{"zero-width space and word joiner", "in\u200bvoice\u2060.pdf", "invoice.pdf"},
		{"BOM and soft hyphen", "\ufeffin\u00advoice", "invoice"},
		{"interlinear annotation hides text", "Rent\ufff9hidden\ufffa\ufffb", "Renthidden"},
		{"Hangul filler as a blank name", "\u3164", ""},
		{"tag characters smuggling text", "Title\U000E0069\U000E0067\U000E006E", "Title"},
		{"a flag's tags without their end are dropped", "\U0001F3F4\U000E0067\U000E0062 x", "\U0001F3F4 x"},
		{"not UTF-8", "Ann\xffSmith", "AnnSmith"},
		{"no-break space is a space", "10\u00a0Downing Street", "10 Downing Street"},

		// What must stay.
		{"accents and other scripts", "Zoë's café · 王小明 · محمد", "Zoë's café · 王小明 · محمد"},
		{"zero-width non-joiner in Persian", "مهدی\u200cپور", "مهدی\u200cپور"},
		{"emoji ZWJ sequence", "👩\u200d👩\u200d👧 family day", "👩\u200d👩\u200d👧 family day"},
		{"emoji variation selector", "Rent due ❤\ufe0f", "Rent due ❤\ufe0f"},
		{"England's flag", "Viewing " + england + " team", "Viewing " + england + " team"},
		{"combining accent", "Cafe\u0301", "Cafe\u0301"},
	} {
		if got := SingleLine(tc.in); got != tc.want {
			t.Errorf("%s: SingleLine(%q) = %q, want %q", tc.name, tc.in, got, tc.want)
		}
	}
}

// TestSingleLineLeavesNothingValidNameRefuses: whatever SingleLine keeps,
// ValidName (the names refused rather than cleaned) accepts, and cleaning
// twice changes nothing.
func TestSingleLineLeavesNothingValidNameRefuses(t *testing.T) {
	for _, in := range []string{
		"Ann\x00Smith", "Ann\r\nBcc: x@example.com", "Ann\tSmith", "Ann\u0085", "Ann\u202eevil", "\u2066Ann\u2069",
		"Ann\u200e\u200f\u061c", "Ann\u2028Smith", "Ann\xffSmith", "inv\u202Efdp.pdf",
	} {
		got := SingleLine(in)
		if !ValidName(got) {
			t.Errorf("SingleLine(%q) = %q, which ValidName refuses", in, got)
		}
		if again := SingleLine(got); again != got {
			t.Errorf("SingleLine is not idempotent on %q: %q then %q", in, got, again)
		}
	}
}
