<#ftl output_format="Bicep" strip_whitespace=true>
<#import "/bicep/lib.ftl" as lib>
<@lib.moduleHeader/>
// Everything the cluster holds besides its nodes, converged by one deployment script through the
// AKS run command (Bicep has no Helm or Kubernetes resource):
// - the ReadWriteMany StorageClass for ModelCache (status.cache.storageClassName), always;
// - the NVIDIA network operator chart and its NicClusterPolicy while some pool sets
//   spec.nodePools[i].fabric InfiniBand, and their removal once none does.
// The script exists for every cluster because deleting a deployment script (as a deployment stack
// does for a resource that left the template) undoes nothing it did in the cluster: only a run of
// the removal command does. Each command is idempotent (kubectl apply, helm upgrade --install,
// helm uninstall only of a release that exists, kubectl delete --ignore-not-found).
// The script runs again whenever one of its properties changes, that is whenever the desired state
// changes ("Run a script more than once", learn.microsoft.com Bicep deployment-script-develop), and
// on the first deployment after retentionInterval has deleted the finished script resource.

@description('Azure region of the deployment script (spec.location).')
@minLength(${platform.limits.locationMin})
@maxLength(${platform.limits.location})
param location string

@description('Name of the managed cluster.')
@minLength(1)
@maxLength(${platform.limits.clusterName})
param clusterName string

@description('Resource ID of the user-assigned identity allowed to use the AKS run command on the cluster.')
param installerIdentityId string

@description('Name of the StorageClass (status.cache.storageClassName).')
@minLength(1)
@maxLength(${platform.limits.storageClassName})
param storageClassName string

@description('Whether the NVIDIA network operator and its NicClusterPolicy belong in the cluster (some pool has fabric InfiniBand); false removes them.')
param networkOperator bool
<#if tags>

@description('Azure tags of the deployment script (spec.tags).')
param tags object = {}
</#if>

// The StorageClass, applied as JSON (kubectl reads JSON manifests).
var storageClass = {
  apiVersion: 'storage.k8s.io/v1'
  kind: 'StorageClass'
  metadata: {
    name: storageClassName
  }
  provisioner: '${platform.cache.provisioner}'
  parameters: {
    skuName: '${platform.cache.skuName}'
    protocol: '${platform.cache.protocol}'
  }
  mountOptions: <@lib.list values=platform.cache.mountOptions indent="  "/>
  reclaimPolicy: '${platform.cache.reclaimPolicy}'
  allowVolumeExpansion: ${platform.cache.allowVolumeExpansion?c}
  volumeBindingMode: '${platform.cache.volumeBindingMode}'
}

// The chart, pinned by Modelplane.
var chartName = '${platform.networkOperatorChart}'
var chartVersion = '${platform.networkOperatorVersion}'
var chartNamespace = '${platform.networkOperatorNamespace}'
var chartRepository = '${platform.nvidiaHelmRepository}'
var chartTimeoutSeconds = ${platform.networkOperatorTimeoutSeconds}

// Pod Security Admission level of the operator's namespace: its DaemonSets load kernel modules.
var chartNamespaceEnforce = '${platform.networkOperatorNamespaceEnforce}'

// The policy's resource (plural.group of its CRD), deleted before the operator that reconciles it.
var nicPolicyResource = '${platform.installer.nicPolicyResource}'
var nicPolicyName = '${platform.nicPolicy.name}'

// Chart values: the node-feature-discovery workers tolerate the GPU taint, so that GPU nodes get the
// labels the operator picks driver images by (helm --set-json).
var nodeFeatureDiscoveryTolerations = [
  {
    key: '${platform.nicPolicy.gpuTaintKey}'
    operator: 'Exists'
    effect: 'NoSchedule'
  }
]

// The chart no longer creates the policy from values (since v24.10.0), so it is applied on its own.
var nicClusterPolicy = {
  apiVersion: '${platform.nicPolicy.apiVersion}'
  kind: '${platform.nicPolicy.kind}'
  metadata: {
    name: '${platform.nicPolicy.name}'
  }
  spec: {
    nodeAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: {
        nodeSelectorTerms: [
          {
            matchExpressions: [
              {
                key: '${platform.nicPolicy.fabricLabel}'
                operator: 'In'
                values: [
                  '${platform.nicPolicy.fabricValue}'
                ]
              }
            ]
          }
        ]
      }
    }
    tolerations: [
      {
        key: '${platform.nicPolicy.gpuTaintKey}'
        operator: 'Exists'
        effect: 'NoSchedule'
      }
    ]
    ofedDriver: {
      image: '${platform.nicPolicy.driverImage}'
      repository: '${platform.nicPolicy.repository}'
      version: '${platform.nicPolicy.driverVersion}'
      env: [
        {
          name: '${platform.nicPolicy.driverBlacklistEnv}'
          value: '${platform.nicPolicy.driverBlacklistFile}'
        }
      ]
      upgradePolicy: {
        autoUpgrade: true
        maxParallelUpgrades: ${platform.nicPolicy.driverMaxParallelUpgrades}
        drain: {
          enable: true
          force: true
          deleteEmptyDir: true
          timeoutSeconds: ${platform.nicPolicy.driverDrainTimeoutSeconds}
        }
      }
    }
    rdmaSharedDevicePlugin: {
      image: '${platform.nicPolicy.rdmaPluginImage}'
      repository: '${platform.nicPolicy.repository}'
      version: '${platform.nicPolicy.rdmaPluginVersion}'
      config: '${platform.nicPolicy.rdmaPluginConfig}'
    }
  }
}

// The files the run command attaches, by name.
var manifests = networkOperator ? {
  'storage-class.json': storageClass
  'nic-cluster-policy.json': nicClusterPolicy
} : {
  'storage-class.json': storageClass
}

// The namespace is applied and labelled, the chart upgraded or installed (its CRDs first; a failed
// install or upgrade is rolled back and its new objects deleted, so the next run starts clean), then
// the policy applied.
var installNetworkOperator = '<@lib.command parts=platform.installer.installNetworkOperator/>'

// The policy goes first, while the operator still runs: the driver and device-plugin DaemonSets
// carry it as their controller, so Kubernetes deletes them with it. Then the release, if there is
// one, and the namespace. Helm keeps the chart's CRDs, as it does for every chart's crds/.
var removeNetworkOperator = '<@lib.command parts=platform.installer.removeNetworkOperator/>'

<#noparse>
var command = 'kubectl apply -f storage-class.json && ${networkOperator ? installNetworkOperator : removeNetworkOperator}'
</#noparse>

// status.cache.storageClassName, spec.nodePools[i].fabric
resource scriptInCluster 'Microsoft.Resources/deploymentScripts@${platform.api.deploymentScripts}' = {
  name: 'modelplane-in-cluster-components'
  location: location
<#if tags>
  tags: tags
</#if>
  kind: 'AzureCLI'
  identity: {
    type: 'UserAssigned'
    userAssignedIdentities: {
      <#noparse>'${installerIdentityId}'</#noparse>: {}
    }
  }
  properties: {
    azCliVersion: '${platform.installer.azCliVersion}'
    retentionInterval: 'PT1H'
    timeout: 'PT${platform.installer.scriptTimeoutMinutes?c}M'
    cleanupPreference: 'OnSuccess'
    scriptContent: loadTextContent('aksCommandInvoke.sh')
    environmentVariables: [
      {
        name: 'RESOURCE_GROUP'
        value: resourceGroup().name
      }
      {
        name: 'CLUSTER_NAME'
        value: clusterName
      }
      {
        name: 'KUBE_COMMAND'
        value: command
      }
      {
        name: 'MANIFESTS_JSON'
        value: string(manifests)
      }
      {
        name: 'COMMAND_DEADLINE_SECONDS'
        value: '${platform.installer.commandDeadlineSeconds?c}'
      }
      {
        name: 'POLL_SECONDS'
        value: '${platform.installer.pollSeconds?c}'
      }
      {
        name: 'SUBMIT_ATTEMPTS'
        value: '${platform.installer.submitAttempts?c}'
      }
      {
        name: 'SUBMIT_RETRY_SECONDS'
        value: '${platform.installer.submitRetrySeconds?c}'
      }
    ]
  }
}

@description('Name of the StorageClass ModelCache PVCs use.')
output storageClassName string = storageClassName

@description('The network operator chart and version installed, or none.')
output networkOperatorChart string = networkOperator ? '<#noparse>${chartName}@${chartVersion}</#noparse>' : 'none'
