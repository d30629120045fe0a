package extract

import "testing"

// TestInEnglish checks that the Spanish, German and French statements of home, work, a move and
// a name are written as the English statement they make, and that questions, other
// verbs and English are left as said.
func TestInEnglish(t *testing.T) {
	for said, want := range map[string]string{
		"Vivo en Sevilla.":                        "I live in Sevilla",
		"Me mudé a Bilbao el mes pasado.":         "I moved to Bilbao",
		"Trabajo en Telefónica.":                  "I work at Telefónica",
		"Ahora trabajo en Iberdrola.":             "I work at Iberdrola now",
		"Me llamo Lucía":                          "my name is Lucía",
		"Ich wohne in Hamburg.":                   "I live in Hamburg",
		"Ich bin nach München umgezogen.":         "I moved to München",
		"Ich arbeite jetzt bei Bosch.":            "I work at Bosch now",
		"Ich heiße Jonas":                         "my name is Jonas",
		"¿Vivo en Madrid?":                        "¿Vivo en Madrid?",                        // a question
		"Vivo en Madrid?":                         "Vivo en Madrid?",                         // a question
		"vivo en la playa":                        "vivo en la playa",                        // no name of a place
		"Ich bin nach Berlin gefahren":            "Ich bin nach Berlin gefahren",            // a trip, not a move
		"Ich arbeite gern mit Leuten":             "Ich arbeite gern mit Leuten",             // no employer
		"I live in Rome":                          "I live in Rome",                          // English
		"Trabajo en equipo con mi hermano":        "Trabajo en equipo con mi hermano",        // teamwork, no employer
		"Trabajo con María en el proyecto nuevo.": "Trabajo con María en el proyecto nuevo.", // whom one works with
		"Trabajo con Python todos los días.":      "Trabajo con Python todos los días.",      // what one works with
		"Ich arbeite für Anna.":                   "Ich arbeite für Anna.",                   // whom one works for
		"Trabajo para Carmen.":                    "Trabajo para Carmen.",                    // whom one works for
		"Ich arbeite für Siemens.":                "I work at Siemens",
		"Trabajo para Google.":                    "I work at Google",
		"J'habite à Nantes.":                      "I live in Nantes",
		"Je vis maintenant à Lille.":              "I live in Lille now",
		"J'ai déménagé à Rennes l'an dernier.":    "I moved to Rennes",
		"Je travaille chez Renault.":              "I work at Renault",
		"Je travaille pour Marie.":                "Je travaille pour Marie.", // whom one works for
		"Je m'appelle Camille":                    "my name is Camille",
		"J'habite à côté de la gare.":             "J'habite à côté de la gare.", // no name of a place
		"J'habite à Paris ?":                      "J'habite à Paris ?",          // a question
	} {
		if got := inEnglish(said); got != want {
			t.Errorf("inEnglish(%q) = %q, want %q", said, got, want)
		}
	}
}
