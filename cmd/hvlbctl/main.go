// Command hvlbctl is the command-line client of hvlb's controller REST API
// (docs/api.md); it also writes the certificates and token the demo and tests use.
package main

import (
	"os"

	"hvlb/internal/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Getenv, os.Stdout, os.Stderr))
}
