// Command gen writes apitypes.SettingsInput (settings_input.go) from model.ServiceSettings:
// each plain setting as an optional field of the REST input (absent: POST's 0, PUT keeps the
// value), and its conversion. Run by `go generate ./internal/apitypes`;
// TestSettingsInputGenerated fails when the file is not what this writes.
package main

import (
	"flag"
	"log"
	"os"

	"hvlb/internal/apitypes/settingsgen"
)

func main() {
	out := flag.String("o", "settings_input.go", "the file to write")
	flag.Parse()
	if err := os.WriteFile(*out, settingsgen.Source(), 0o644); err != nil {
		log.Fatal(err)
	}
}
