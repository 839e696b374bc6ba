package ctlapp

import (
	"fmt"
	"os"
	"strings"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"

	"hvlb/internal/leader"
	"hvlb/internal/reportshare"
	"hvlb/internal/store"
)

// EtcdConfig is a controller group's: the etcd cluster that holds the desired state and
// elects the leader, and this controller's name in it.
type EtcdConfig struct {
	Endpoints string // comma-separated, e.g. https://10.0.0.1:2379,https://10.0.0.2:2379
	CertFile  string // TLS client certificate for etcd
	KeyFile   string
	CAFile    string        // CA of etcd's server certificates
	Prefix    string        // where the group keeps its records; default store.DefaultEtcdPrefix
	Name      string        // this controller's name in the group (its REST URL); default hostname:port of --listen
	LeaderTTL time.Duration // the election lease, and the shared reports'; default leader.DefaultTTL
	// The least time between two writes of one forwarder's shared report; default
	// reportshare.DefaultInterval.
	ShareInterval time.Duration
}

// group is what a controller in a group holds besides the runtime.
type group struct {
	cli     *clientv3.Client
	st      *store.Store
	elector *leader.Elector
	sharer  *reportshare.Sharer
}

// openGroup connects to etcd and opens the group's store; it fills in cfg.Etcd's defaults.
func openGroup(cfg *Config) (*group, error) {
	ec := &cfg.Etcd
	if ec.Prefix == "" {
		ec.Prefix = store.DefaultEtcdPrefix
	}
	if ec.Name == "" {
		ec.Name = defaultName(cfg.Listen)
	}
	var endpoints []string
	for _, e := range strings.Split(ec.Endpoints, ",") {
		if e = strings.TrimSpace(e); e != "" {
			endpoints = append(endpoints, e)
		}
	}
	cli, err := store.DialEtcd(store.EtcdConfig{Endpoints: endpoints, CertFile: ec.CertFile, KeyFile: ec.KeyFile, CAFile: ec.CAFile})
	if err != nil {
		return nil, fmt.Errorf("--etcd: %w", err)
	}
	st, err := store.OpenEtcd(cli, ec.Prefix)
	if err != nil {
		cli.Close()
		return nil, fmt.Errorf("--etcd %s: %w", ec.Endpoints, err)
	}
	el := leader.New(leader.Config{Client: cli, Prefix: ec.Prefix, Name: ec.Name, TTL: ec.LeaderTTL, Log: cfg.Log})
	sh := reportshare.New(reportshare.Config{Client: cli, Prefix: ec.Prefix, Name: ec.Name, TTL: ec.LeaderTTL,
		Interval: ec.ShareInterval, Log: cfg.Log})
	return &group{cli: cli, st: st, elector: el, sharer: sh}, nil
}

// defaultName is a controller's name without --name: hostname:port of its REST listener.
func defaultName(listen string) string {
	host, _ := os.Hostname()
	return host + ":" + listen[strings.LastIndexByte(listen, ':')+1:]
}
