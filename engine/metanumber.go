package engine

import (
	"encoding/json"
	"math/big"
	"strconv"
	"strings"
)

// metadataNumber is the metadata number n as the float64 every stored
// metadata number is, when that float64 is exactly the number n says. A
// float64 holds integers only up to 2^53 and about 17 significant digits,
// so an order id 12345678901234567890 was stored, silently, as
// 12345678901234567000: a number the client never sent. Such a number,
// and one past the float64 range, is refused naming its path, with the
// way out (send it as a string).
func metadataNumber(path string, n json.Number) (float64, error) {
	lit := string(n)
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil {
		return 0, Invalid(path, "number %s is outside the range a metadata number holds; send it as a string", shortNumber(lit))
	}
	if !sameNumber(lit, f) {
		return 0, Invalid(path, "number %s has more precision than a metadata number keeps (it would be stored as %s); send it as a string",
			shortNumber(lit), asJSON(f))
	}
	return f, nil
}

// sameNumber reports whether the JSON number literal lit denotes exactly
// the value of f printed shortest (0.1 is "0.1": the same number for a
// client, though not in binary).
func sameNumber(lit string, f float64) bool {
	if len(lit) > maxNumberBytes {
		return false
	}
	if f == 0 { // a literal that underflowed is zero only if its digits are
		mantissa, _, _ := strings.Cut(strings.ToLower(lit), "e")
		return strings.Trim(mantissa, "-+0.") == ""
	}
	want, ok := new(big.Rat).SetString(lit)
	if !ok {
		return false
	}
	got, ok := new(big.Rat).SetString(strconv.FormatFloat(f, 'g', -1, 64))
	return ok && want.Cmp(got) == 0
}

// maxNumberBytes bounds the literal sameNumber compares exactly (parsing a
// long decimal exactly costs time quadratic in its length); a float64's
// shortest form has at most 17 digits and a 3-digit exponent, so a longer
// literal is a number of more precision than it keeps, or padding.
const maxNumberBytes = 400

// asJSON is f as a response would show it.
func asJSON(f float64) string {
	b, _ := json.Marshal(f)
	return string(b)
}

// shortNumber is lit cut for an error message.
func shortNumber(lit string) string {
	if len(lit) > 40 {
		return lit[:40] + "…"
	}
	return lit
}
