package extract

import (
	"regexp"
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// "User left Stripe for Intercom" ends what User had at Stripe and says where User went,
// but not what User has there: the stored fact it ends says that ("User works at
// Stripe"), so the fact that holds now is the old one with the place left swapped for
// the one gone to: "User works at Intercom". The same reads "left London for Lisbon"
// against "User lives in London".

// leftForRe: "User left Stripe for Intercom", "User quit Acme to join Globex". Groups:
// 1 the subject, 2 what was left, 3 where the subject went.
var leftForRe = rx(subj + ` (?:has |have |just |recently |finally )*(?:left|quit) (.+?) (?:for|to join|to go to) (.+)`)

// Successor returns what oldText says, with what fact says its subject left swapped for
// where it went, when oldText's slot is of that subject and its value is what was left;
// ok is false otherwise.
func Successor(oldText, fact string) (string, bool) {
	m := leftForRe.FindStringSubmatch(cleanFactText(fact))
	if m == nil {
		return "", false
	}
	left, to := strings.TrimSpace(m[2]), namedPart(m[3])
	old := SlotOf(oldText)
	if to == "" || old == nil || old.Subject != normSubject(m[1]) || normValue(old.Value) != normValue(left) {
		return "", false
	}
	// Found in oldText itself, ignoring case: an offset into a lower-cased
	// copy is not one into oldText when lower-casing changes a letter's
	// length in bytes ("Ⱥnna", "İlker"), and slicing with it panicked.
	at := lazyre.New(`(?i)` + regexp.QuoteMeta(left)).FindStringIndex(oldText)
	if at == nil {
		return "", false
	}
	return oldText[:at[0]] + to + oldText[at[1]:], true
}

// namedPartRe is the name at the start of where one went, before a date or a clause:
// "Intercom in June 2025" → "Intercom".
var namedPartRe = lazyre.New(`^[A-Z][\w&.-]*(?: (?:[A-Z][\w&.-]*|&|of))*`)

// namedPart returns the name at the start of s (namedPartRe).
func namedPart(s string) string {
	return strings.TrimRight(namedPartRe.FindString(strings.TrimSpace(s)), ".")
}

// A stored fact names its holder with the relation it was introduced by ("User's sister
// Ana lives in Porto"); a later change often names the holder bare ("Ana moved to
// Lisbon"). The fact that replaces the stored one keeps the relation, or a search for
// where User's sister lives no longer finds where she lives now.

// KeepHolder returns fact with its holder, a bare name, named as oldText names it, when
// oldText's holder is a relation of someone's ending in that name; ok is false otherwise.
func KeepHolder(oldText, fact string) (string, bool) {
	old, n := SlotOf(oldText), SlotOf(fact)
	if old == nil || n == nil || strings.Contains(n.Subject, "'") || !strings.HasSuffix(old.Subject, " "+n.Subject) {
		return "", false
	}
	if len(fact) < len(n.Subject) || !strings.EqualFold(fact[:len(n.Subject)], n.Subject) {
		return "", false // the fact does not start with its holder
	}
	// The holder in oldText: an owner's, one to three lower-case relation words, the name.
	holder := lazyre.New(`^\S+(?:'s|’s) (?:[\p{Ll}-]+ ){1,3}(?i:` + regexp.QuoteMeta(n.Subject) + `)\b`).FindString(oldText)
	if holder == "" {
		return "", false
	}
	return holder + fact[len(n.Subject):], true
}
