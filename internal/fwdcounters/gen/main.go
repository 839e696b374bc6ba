// Command gen writes the Go table of the forwarder's counters (registry.go) and the
// operators' list (docs/counters.md) from `hvlb-forwarder --list-counters` (go generate in
// internal/fwdcounters).
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"

	"hvlb/internal/fwdcounters"
)

func main() {
	bin := flag.String("forwarder", "build/forwarder/src/hvlb-forwarder", "the forwarder binary")
	goOut := flag.String("go", "registry.go", "the Go table to write")
	docOut := flag.String("doc", "docs/counters.md", "the Markdown list to write")
	flag.Parse()
	if err := run(*bin, *goOut, *docOut); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(bin, goOut, docOut string) error {
	out, err := exec.Command(bin, "--list-counters").Output()
	if err != nil {
		return fmt.Errorf("%s --list-counters: %w", bin, err)
	}
	list, err := fwdcounters.Parse(out)
	if err != nil {
		return err
	}
	src, err := fwdcounters.GoSource(list)
	if err != nil {
		return err
	}
	if err := os.WriteFile(goOut, src, 0o644); err != nil {
		return fmt.Errorf("write the table: %w", err)
	}
	if err := os.WriteFile(docOut, fwdcounters.Markdown(list), 0o644); err != nil {
		return fmt.Errorf("write the list: %w", err)
	}
	return nil
}
