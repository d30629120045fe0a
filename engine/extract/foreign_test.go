package extract

import (
	"context"
	"strings"
	"testing"
	"time"
)

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
		"Maintenant j'habite à Toulouse.":         "I live in Toulouse now",
		"Trabajo en un banco.":                    "I work at a banco",
		"Ahora trabajo en una escuela.":           "I work at a escuela now",
		"Trabajo en un banco de Madrid.":          "Trabajo en un banco de Madrid.", // more than the kind of place
		"Je travaille pour Marie.":                "Je travaille pour Marie.",       // whom one works for
		"Je m'appelle Camille":                    "my name is Camille",
		"J'habite à côté de la gare.":             "J'habite à côté de la gare.", // no name of a place
		"J'habite à Paris ?":                      "J'habite à Paris ?",          // a question
		"Ich arbeite bei der Stadtbibliothek.":    "I work at Stadtbibliothek",   // an article before the name
		"Trabajo en el Prado.":                    "I work at Prado",
		"Vivo en La Paz.":                         "I live in La Paz",            // a capital article is the name's
		"Ich arbeite bei einem Verlag in Dresden": "I work at Verlag in Dresden", // the town kept
		"Nos mudamos a Valencia el mes pasado":    "we moved to Valencia",
		"Wir wohnen in Graz.":                     "we live in Graz",
		"Nous avons déménagé à Lyon.":             "we moved to Lyon",
		"Ich bin Lehrer.":                         "I work as a Lehrer", // a German job, said bare
		"Ich bin jetzt Schulleiter":               "I work as a Schulleiter now",
		"Ich bin Jonas.":                          "Ich bin Jonas.", // a name, no job
		"Ich bin müde.":                           "Ich bin müde.",  // a state, no job
		"Tengo un gato.":                          "I have a gato",
		"Tengo 30 años.":                          "Tengo 30 años.", // an age, nothing had
		"Ya no tengo coche.":                      "I no longer have a coche",
		"Ya no vivo en Madrid.":                   "I no longer live in Madrid", // not the opposite
		"No trabajo en Google.":                   "I don't work at Google",
		"Ich rauche nicht mehr.":                  "I don't smoke anymore",
		"Si nos mudamos a Valencia":               "Si nos mudamos a Valencia",  // a condition
		"Mi hermana vive en Madrid.":              "Mi hermana vive en Madrid.", // another person
		"今は京都に住んでいます。":                            "I live in 京都 now",
		"京都に住んでいますか？":                             "京都に住んでいますか？", // a question
	} {
		if got := inEnglish(said); got != want {
			t.Errorf("inEnglish(%q) = %q, want %q", said, got, want)
		}
	}
}

// TestInEnglishPortugueseAndFrenchMoves checks the Portuguese statements of home, work
// and a move, whose preposition and article are one word ("na", "no"), and the French
// move said with "je viens de", and that a question, a common noun and another person
// are left as said.
func TestInEnglishPortugueseAndFrenchMoves(t *testing.T) {
	for said, want := range map[string]string{
		"Eu trabalho na Vale.":                "I work at Vale",
		"Agora trabalho no Itaú.":             "I work at Itaú now",
		"Trabalho para a Natura.":             "I work at Natura",
		"Trabalho para Maria.":                "Trabalho para Maria.", // whom one works for
		"Moro em Recife.":                     "I live in Recife",
		"Eu moro no Rio de Janeiro.":          "I live in Rio de Janeiro",
		"Me mudei para Curitiba.":             "I moved to Curitiba",
		"Eu trabalho na cozinha.":             "Eu trabalho na cozinha.", // no name of a workplace
		"Moro em Recife?":                     "Moro em Recife?",         // a question
		"A minha irmã mora em Belém.":         "A minha irmã mora em Belém.",
		"Je viens de déménager à Grenoble.":   "I moved to Grenoble",
		"Je viens de déménager à côté.":       "Je viens de déménager à côté.", // no name of a place
		"Ma sœur vient de déménager à Dijon.": "Ma sœur vient de déménager à Dijon.",
	} {
		if got := inEnglish(said); got != want {
			t.Errorf("inEnglish(%q) = %q, want %q", said, got, want)
		}
	}
}

// TestSplitForeign checks that a sentence in another language is split at its commas and
// its word for "and" when a part of it is a statement read, and kept whole otherwise.
func TestSplitForeign(t *testing.T) {
	for said, want := range map[string][]string{
		"Nos mudamos a Valencia el mes pasado, ahora vivo en Valencia": {"Nos mudamos a Valencia el mes pasado", "ahora vivo en Valencia"},
		"Ich habe gekündigt und arbeite jetzt bei einem Verlag":        {"Ich habe gekündigt", "arbeite jetzt bei einem Verlag"},
		"先月、京都に引っ越しました。":                                               {"先月", "京都に引っ越しました", ""},
		"Hace calor, y mañana vamos a la playa":                        {"Hace calor, y mañana vamos a la playa"},
		"I live in Rome, and I work at Google":                         {"I live in Rome, and I work at Google"},
	} {
		if got := splitForeign(said); strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("splitForeign(%q) = %q, want %q", said, got, want)
		}
	}
}

// TestForeignStatementsExtracted checks whole turns: each statement of a sentence in another
// language is stored, and a negative one is stored as the negative.
func TestForeignStatementsExtracted(t *testing.T) {
	at := time.Date(2025, 3, 3, 10, 0, 0, 0, time.UTC)
	x := NewBuiltin()
	for said, want := range map[string]string{
		"¡Noticias! Nos mudamos a Valencia el mes pasado, ahora vivo en Valencia.": "User lives in Valencia",
		"Ich habe gekündigt und arbeite jetzt bei einem Verlag in Dresden.":        "User works at Verlag in Dresden now",
		"Nous avons déménagé à Lyon et je travaille chez Renault.":                 "User lives in Lyon|User works at Renault",
		"Ya no vivo en Madrid.": "User no longer lives in Madrid",
		"Ya no fumo.":           "User no longer smokes",
		"Si nos mudamos a Valencia, viviré cerca del mar.": "",
	} {
		fs, err := x.Extract(context.Background(), Request{Now: at, Messages: []Message{{Role: "user", Content: said, CreatedAt: at}}})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range fs {
			got = append(got, f.Text)
		}
		if strings.Join(got, "|") != want {
			t.Errorf("%q gave %q, want %q", said, got, want)
		}
	}
}
