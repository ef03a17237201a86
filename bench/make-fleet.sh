#!/bin/sh
# Writes N AKSCluster files (one cluster each, seed-example shaped, unique names and VNets) into DIR,
# numbered from FIRST (default 0), their system pools at SYSTEM_NODES nodes (default 2). Two fleets with
# shifted numbers and another node count make an update that creates, changes and removes clusters.
# Usage: bench/make-fleet.sh N DIR [FIRST [SYSTEM_NODES]]
set -eu
count=$1
dir=$2
first=${3:-0}
system_nodes=${4:-2}
mkdir -p "$dir"
i=$first
while [ "$i" -lt $((first + count)) ]; do
  second=$((i / 250))
  third=$((i % 250))
  cat > "$dir/cluster-$i.yaml" <<YAML
apiVersion: infrastructure.modelplane.ai/v1alpha1
kind: AKSCluster
metadata:
  name: inference-$i
  namespace: fleet
spec:
  location: westeurope
  kubernetesVersion: "1.35"
  networking:
    vnetCidr: 10.$((100 + second)).$third.0/24
    subnetCidr: 10.$((100 + second)).$third.0/25
  nodePools:
    - name: system
      role: System
      vmSize: Standard_D8s_v5
      nodeCount: $system_nodes
    - name: gpuh100
      role: GPU
      vmSize: Standard_ND96isr_H100_v5
      diskSizeGb: 200
      nodeCount: 1
      minNodeCount: 1
      maxNodeCount: 8
      fabric: InfiniBand
      gpu:
        acceleratorType: nvidia-h100
YAML
  i=$((i + 1))
done
