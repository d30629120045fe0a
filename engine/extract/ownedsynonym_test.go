package extract

import "testing"

// TestContradictsOwnedThingInOtherWords: one thing of the user's named in other words
// ("workplace" for "office", "boss" for "manager") is one slot, and a relation named in
// passing ("User's new manager Raj keeps …") fills the relation's slot. Things of
// other owners, other things, and relations one has many of are left alone.
func TestContradictsOwnedThingInOtherWords(t *testing.T) {
	tests := []contradictCase{
		{"workplace for office", "User's office is in Canary Wharf", "User's workplace is in Shoreditch", true},
		{"family doctor for GP", "User's GP is Dr Hughes", "User's family doctor is Dr Khan", true},
		{"boss for manager", "User's manager is Helen", "User's boss is Raj", true},
		{"same words, other owner", "User's office is in Canary Wharf", "User's sister's workplace is in Leeds", false},
		{"different things", "User's office is in Canary Wharf", "User's gym is in Shoreditch", false},
		{"manager in passing", "User's manager is Helen", "User's new manager Raj keeps booking early calls", true},
		{"dentist in passing", "User's dentist is Dr Marsh", "User's new dentist Dr Moreno fixed the filling", true},
		{"same manager in passing", "User's manager is Helen", "User's manager Helen keeps booking early calls", false},
		{"friend in passing", "User's friend is Helen", "User's friend Raj keeps calling", false},
	}
	wantContradicts(t, tests)
}
