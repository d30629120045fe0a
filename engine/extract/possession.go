package extract

import (
	"strings"
	"unicode"
)

// Possessions said as what they are: "User's phone is a Pixel 7", "User's new laptop is
// a MacBook Air", "User's car is a Tesla Model 3". One has one phone or car at a time,
// so the thing is a state of the owner's noun (a second make replaces the first); a car
// or bike is what the owner drives or rides, so "User drives a Tesla Model 3" says the
// same. "New" says the thing replaces the one had before, however that was said
// ("User uses a Dell XPS laptop").

// possessionNouns are the things one has one of at a time and names by make or model.
var possessionNouns = set(`phone smartphone laptop computer pc tablet watch smartwatch camera car truck van bike bicycle motorbike motorcycle scooter`)

// possessionRe: owner, "new" when said, the noun, the make or model.
var possessionRe = rx(`(\S+(?:'s \S+)?)'s (?:(new|current) )?([a-z]+) is (?:now )?(?:an? )(.+)`)

// possessionSlot derives the slot of a possession said as what it is, or nil.
func possessionSlot(t string) *Slot {
	m := possessionRe.FindStringSubmatch(t)
	if m == nil || !possessionNouns[strings.ToLower(m[3])] || !namesMake(m[4]) {
		return nil // "User's car is a mess": no make
	}
	noun := strings.ToLower(m[3])
	s := buildSlot(m[1]+"'s "+noun, PredicateIdentity, m[4], false, changeStop, nil)
	if s != nil && strings.EqualFold(m[2], "new") {
		s.Replaces = noun
	}
	return s
}

// newPossession reports a new thing of a kind (n says "User's new laptop is …") that ends
// an old fact of the owner's thing of that kind: one whose value ends in the noun ("uses
// a Dell XPS laptop") or, for a vehicle, the one the owner drove or rode.
func newPossession(o, n Slot) bool {
	owner, noun, ok := possessionOwner(n)
	if !ok || o.Subject != owner || strings.HasPrefix(o.Value, "not ") {
		return false
	}
	return o.Value == noun || strings.HasSuffix(o.Value, " "+noun) || vehicleVerbs[noun] != "" && vehicleVerbs[noun] == o.Predicate
}

// possessionOwner splits the subject of a new possession (n.Replaces its noun) at the
// last "'s ": "user's sister's laptop" is the laptop of "user's sister", not of User.
func possessionOwner(n Slot) (owner, noun string, ok bool) {
	i := strings.LastIndex(n.Subject, "'s ")
	if i < 0 || n.Predicate != PredicateIdentity || n.Replaces != n.Subject[i+3:] || !possessionNouns[n.Replaces] {
		return "", "", false
	}
	return n.Subject[:i], n.Replaces, true
}

// namesMake reports a value whose first word has a capital, as a make or model has:
// "Pixel 7", "iPhone 15"; "a mess" has none.
func namesMake(v string) bool {
	first, rest, _ := strings.Cut(strings.TrimSpace(v), " ")
	if modelYear(first) && rest != "" {
		first, _, _ = strings.Cut(rest, " ") // "a 2015 Civic": the model year before the make
	}
	return strings.ContainsFunc(first, unicode.IsUpper)
}

// modelYear reports a year a make's model is named by ("2015"), said before the make.
func modelYear(w string) bool {
	return len(w) == 4 && (strings.HasPrefix(w, "19") || strings.HasPrefix(w, "20")) && strings.Trim(w, "0123456789") == ""
}

// possessionVersion reports a possession and a version of the same make, the versions
// different, either way round: "User's phone is an iPhone 12" and "User upgraded to an
// iPhone 15" (the version slot of "iphone") are two phones one after the other.
func possessionVersion(o, n Slot) bool {
	return ownedVersion(o, n) || ownedVersion(n, o)
}

// ownedVersion reports a possession p whose value is the make of version v at another
// version.
func ownedVersion(p, v Slot) bool {
	_, noun, ok := strings.Cut(p.Subject, "'s ")
	if !ok || !possessionNouns[noun] || p.Predicate != PredicateIdentity || v.Predicate != PredicateVersion {
		return false
	}
	return strings.HasPrefix(p.Value, v.Subject+" ") && p.Value != v.Subject+" "+v.Value
}

// UpgradedPossession reports a thing had (oldFact "User has a Pixel 6", its slot old)
// that newFact, a version of the same make said by the same owner ("User upgraded to
// a Pixel 8", n), replaces: one has one phone of a make at a time. The thing had must
// be a version itself, the make and a model number and any more of its name ("Pixel
// 6", "iPhone 12 Pro"), not a thing that carries or fits one ("a Windows 10 laptop",
// "a Pixel 6 case"). A version statement names no holder in its slot, so the owner is
// read from newFact's opening words: "User's husband upgraded to a Pixel 8" leaves
// User's phone alone.
func UpgradedPossession(old Slot, oldFact, newFact string, n Slot) bool {
	if old.Predicate != "have" || n.Predicate != PredicateVersion || n.Subject == "" || strings.HasPrefix(old.Value, "not ") {
		return false
	}
	model, ok := strings.CutPrefix(old.Value, n.Subject+" ")
	if !ok || old.Value == n.Subject+" "+n.Value || !modelNamed(oldFact, strings.Fields(model)) {
		return false // "User has a Python book": a thing named after the make, no version of it
	}
	return strings.HasPrefix(strings.ToLower(cleanFactText(newFact)), old.Subject+" ")
}

// modelNamed reports a model said in fact as a number and then only words of its name,
// written with a capital or a digit ("12 Pro"): a lower-case noun after the number
// ("10 laptop") is the thing the version is in.
func modelNamed(fact string, model []string) bool {
	if len(model) == 0 || !strings.ContainsAny(model[0], "0123456789") {
		return false
	}
	words := strings.Fields(fact)
	for i := range words {
		words[i] = strings.Trim(words[i], ".,;:!?()\"'")
	}
	for i := 0; i+len(model) <= len(words); i++ {
		if !strings.EqualFold(words[i], model[0]) {
			continue
		}
		named := true
		for j, w := range model[1:] {
			said := words[i+1+j]
			named = named && strings.EqualFold(said, w) && (unicode.IsUpper([]rune(said)[0]) || strings.ContainsAny(said, "0123456789"))
		}
		if named {
			return true
		}
	}
	return false
}
