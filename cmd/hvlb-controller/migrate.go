package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"hvlb/internal/store"
)

// migrate runs `hvlb-controller export` or `import`: the whole store to or from a JSON
// file, so that a site moves between a bbolt file and etcd. The bbolt file must not be in
// use by a running controller (it is locked); an import goes into a new store only.
func migrate(cmd string, args []string) error {
	fs := flag.NewFlagSet("hvlb-controller "+cmd, flag.ContinueOnError)
	db := fs.String("db", "", "the store in this bbolt file")
	var ec store.EtcdConfig
	endpoints := fs.String("etcd", "", "or the store in this etcd cluster: endpoints, comma-separated")
	fs.StringVar(&ec.CertFile, "etcd-cert", "", "TLS client certificate for etcd (PEM)")
	fs.StringVar(&ec.KeyFile, "etcd-key", "", "TLS client key for etcd (PEM)")
	fs.StringVar(&ec.CAFile, "etcd-ca", "", "CA of etcd's server certificates (PEM)")
	prefix := fs.String("etcd-prefix", store.DefaultEtcdPrefix, "the group's prefix in etcd")
	file := fs.String("file", "-", "the dump: export writes it, import reads it (- : stdout / stdin)")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: hvlb-controller %s (--db FILE | --etcd ENDPOINTS) [--file DUMP]\n", cmd)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 || (*db == "") == (*endpoints == "") {
		fs.Usage()
		return fmt.Errorf("%s: give one store, --db or --etcd", cmd)
	}
	var st *store.Store
	var err error
	if *db != "" {
		if _, serr := os.Stat(*db); serr != nil && cmd == "export" {
			return serr // not a new, empty file
		}
		st, err = store.Open(*db)
	} else {
		ec.Endpoints = strings.Split(*endpoints, ",")
		cli, derr := store.DialEtcd(ec)
		if derr != nil {
			return derr
		}
		defer cli.Close()
		st, err = store.OpenEtcd(cli, *prefix)
	}
	if err != nil {
		return err
	}
	defer st.Close()
	if cmd == "export" {
		var w io.Writer = os.Stdout
		if *file != "-" {
			f, err := os.OpenFile(*file, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600) // it holds the sync key
			if err != nil {
				return err
			}
			defer f.Close()
			w = f
		}
		return st.Export(w)
	}
	var r io.Reader = os.Stdin
	if *file != "-" {
		f, err := os.Open(*file)
		if err != nil {
			return err
		}
		defer f.Close()
		r = f
	}
	if err := st.Import(r); err != nil {
		return err
	}
	v, err := st.Version()
	fmt.Fprintf(os.Stderr, "imported: the store is at version %d\n", v)
	return err
}
