package certs_test

import (
	"path/filepath"
	"testing"
	"time"

	"hvlb/internal/certs"
	"hvlb/internal/etcdtest"
	"hvlb/internal/model"
	"hvlb/internal/store"
)

// TestEtcdCertificates: what `hvlbctl certs init` writes runs a controller group's etcd as
// docs/controller.md says: a member serves TLS with etcd.pem and asks for client
// certificates of the CA, and a controller's store opens through it with etcd-client.pem.
func TestEtcdCertificates(t *testing.T) {
	dir := t.TempDir()
	if err := certs.Generate(dir, certs.Options{Hosts: []string{"10.0.0.1"}}); err != nil {
		t.Fatal(err)
	}
	in := func(name string) string { return filepath.Join(dir, name) }
	srv := etcdtest.StartTLS(t, etcdtest.TLSFiles{Cert: in(certs.EtcdFile), Key: in(certs.EtcdKeyFile), CA: in(certs.CAFile)})
	cli, err := store.DialEtcd(store.EtcdConfig{Endpoints: []string{srv.Endpoint}, DialTimeout: 5 * time.Second,
		CertFile: in(certs.EtcdClientFile), KeyFile: in(certs.EtcdClientKeyFile), CAFile: in(certs.CAFile)})
	if err != nil {
		t.Fatal(err)
	}
	defer cli.Close()
	s, err := store.OpenEtcd(cli, "/hvlb/")
	if err != nil {
		t.Fatalf("the store through etcd-client.pem: %v", err)
	}
	defer s.Close()
	svc := model.Service{Protocol: "tcp", VIP: "10.100.0.1", Port: 80}
	if err := model.NormalizeService(&svc); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreateService(svc); err != nil {
		t.Fatalf("a write through etcd-client.pem: %v", err)
	}

	// A client without a certificate of the CA is refused.
	other := t.TempDir()
	if err := certs.Generate(other, certs.Options{}); err != nil {
		t.Fatal(err)
	}
	bad, err := store.DialEtcd(store.EtcdConfig{Endpoints: []string{srv.Endpoint}, DialTimeout: 2 * time.Second,
		CertFile: filepath.Join(other, certs.EtcdClientFile), KeyFile: filepath.Join(other, certs.EtcdClientKeyFile),
		CAFile: in(certs.CAFile)})
	if err == nil {
		defer bad.Close()
		if _, err := store.OpenEtcd(bad, "/hvlb/"); err == nil {
			t.Error("etcd took a client certificate of another CA")
		}
	}
}
