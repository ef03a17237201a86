#!/usr/bin/env node
// Builds provider-schemas.json, the offline extract of the Terraform provider schemas that
// ProviderSchemaTest checks generated .tf files against. See README.md in this folder for how to run it.
//
// Source: the .jsii manifests of the prebuilt CDK provider bindings on npm. Each resource, data source
// and provider configuration has a "<Name>Config" struct whose own properties are exactly the
// arguments a configuration may set (computed-only attributes are not in it): required when the
// property is not optional; a nested type when the property's type is a struct (or a list of structs).
// The Terraform name is the anchor of the property's registry link, or "<name> block." for nested types.
//
// What the manifests cannot say: whether a nested type is written as a block (name { ... }) or as an
// attribute (name = { ... }); the bindings call both "blocks". SDKv2 providers (azurerm 4.x,
// kubernetes 2.x) only have blocks; plugin-framework providers (helm 3.x) use nested attributes except
// where the provider source declares a Blocks entry, listed in FRAMEWORK_BLOCKS below.
'use strict';
const fs = require('fs');
const path = require('path');

const [, , azurermDir, helmDir, kubernetesDir] = process.argv;
if (!kubernetesDir) {
  console.error('usage: extract-schema.js <azurerm package dir> <helm package dir> <kubernetes package dir>');
  process.exit(2);
}

const PROVIDERS = [
  {
    name: 'azurerm', source: 'hashicorp/azurerm', dir: azurermDir, nestedAs: 'block',
    provider: 'provider.AzurermProviderConfig',
    resources: {
      azurerm_resource_group: 'resourceGroup.ResourceGroupConfig',
      azurerm_virtual_network: 'virtualNetwork.VirtualNetworkConfig',
      azurerm_subnet: 'subnet.SubnetConfig',
      azurerm_kubernetes_cluster: 'kubernetesCluster.KubernetesClusterConfig',
      azurerm_kubernetes_cluster_node_pool: 'kubernetesClusterNodePool.KubernetesClusterNodePoolConfig',
      azurerm_role_assignment: 'roleAssignment.RoleAssignmentConfig',
    },
    dataSources: {
      azurerm_client_config: 'dataAzurermClientConfig.DataAzurermClientConfigConfig',
    },
  },
  {
    name: 'helm', source: 'hashicorp/helm', dir: helmDir, nestedAs: 'attribute',
    provider: 'provider.HelmProviderConfig',
    resources: { helm_release: 'release.ReleaseConfig' },
    dataSources: {},
  },
  {
    name: 'kubernetes', source: 'hashicorp/kubernetes', dir: kubernetesDir, nestedAs: 'block',
    provider: 'provider.KubernetesProviderConfig',
    resources: {
      kubernetes_namespace_v1: 'namespaceV1.NamespaceV1Config',
      kubernetes_storage_class_v1: 'storageClassV1.StorageClassV1Config',
    },
    dataSources: {},
  },
];

// Nested types that plugin-framework providers declare as blocks (helm 3.1.1 source: none of the
// ones the generator could use; "timeouts" is an attribute there too).
const FRAMEWORK_BLOCKS = { helm: [] };

function snake(camel) {
  return camel.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
}

function terraformName(property) {
  const summary = (property.docs && property.docs.summary) || '';
  const link = summary.match(/#([a-z0-9_]+) /);
  if (link) return link[1];
  const block = summary.match(/^([a-z0-9_]+) block\.$/);
  if (block) return block[1];
  return snake(property.name);
}

function structOf(type, types) {
  if (type.fqn && types[type.fqn] && types[type.fqn].datatype) return type.fqn;
  if (type.collection) return structOf(type.collection.elementtype, types);
  if (type.union) {
    for (const member of type.union.types) {
      const found = structOf(member, types);
      if (found) return found;
    }
  }
  return null;
}

function describe(fqn, types, provider) {
  const schema = { attributes: {}, blocks: {} };
  for (const property of types[fqn].properties || []) {
    const name = terraformName(property);
    const required = !property.optional;
    const nested = structOf(property.type, types);
    if (!nested) {
      schema.attributes[name] = { required };
    } else if (provider.nestedAs === 'block' || (FRAMEWORK_BLOCKS[provider.name] || []).includes(name)) {
      schema.blocks[name] = { required, schema: describe(nested, types, provider) };
    } else {
      schema.attributes[name] = { required, nested: describe(nested, types, provider) };
    }
  }
  return sortKeys(schema);
}

function sortKeys(value) {
  if (Array.isArray(value) || value === null || typeof value !== 'object') return value;
  const out = {};
  for (const key of Object.keys(value).sort()) out[key] = sortKeys(value[key]);
  return out;
}

const out = { providers: {} };
for (const provider of PROVIDERS) {
  const manifest = JSON.parse(fs.readFileSync(path.join(provider.dir, '.jsii'), 'utf8'));
  const pkg = JSON.parse(fs.readFileSync(path.join(provider.dir, 'package.json'), 'utf8'));
  const version = (JSON.stringify(manifest.types).match(new RegExp(`providers/${provider.source}/([0-9.]+)/docs`)) || [])[1];
  const prefix = manifest.name + '.';
  const entry = {
    source: provider.source,
    version,
    extracted_from: `${pkg.name}@${pkg.version}`,
    nested_types: provider.nestedAs,
    provider: describe(prefix + provider.provider, manifest.types, provider),
    resources: {},
    data_sources: {},
  };
  for (const [type, fqn] of Object.entries(provider.resources)) {
    entry.resources[type] = describe(prefix + fqn, manifest.types, provider);
  }
  for (const [type, fqn] of Object.entries(provider.dataSources)) {
    entry.data_sources[type] = describe(prefix + fqn, manifest.types, provider);
  }
  out.providers[provider.name] = entry;
}
// azapi has no CDK binding on npm; its one data source is added from azapi-resource-data-source.json,
// written by hand from the provider source (see README.md).
const azapi = JSON.parse(fs.readFileSync(path.join(__dirname, 'azapi-resource-data-source.json'), 'utf8'));
out.providers.azapi = azapi;
// terraform_data is a resource of Terraform's built-in provider, in no binding either: added from
// terraform-builtin.json, written by hand from Terraform's source (see README.md).
out.providers.terraform = JSON.parse(fs.readFileSync(path.join(__dirname, 'terraform-builtin.json'), 'utf8'));
process.stdout.write(JSON.stringify(sortKeys(out), null, 1) + '\n');
