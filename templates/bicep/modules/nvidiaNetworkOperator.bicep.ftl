<#ftl output_format="Bicep" strip_whitespace=true>
<#import "/bicep/lib.ftl" as lib>
<@lib.moduleHeader/>
// The NVIDIA network operator chart and its NicClusterPolicy (DOCA driver + RDMA shared device
// plugin), for clusters with a pool whose spec.nodePools[i].fabric is InfiniBand. Bicep has no Helm
// resource: a deployment script runs helm and kubectl through the AKS run command.

@description('Azure region of the deployment script (spec.location).')
@minLength(1)
@maxLength(${platform.limits.location})
param location string

@description('Name of the managed cluster.')
@minLength(1)
@maxLength(${platform.limits.clusterName})
param clusterName string

@description('Resource ID of the user-assigned identity allowed to use the AKS run command on the cluster.')
param installerIdentityId string

// The chart, pinned by Modelplane.
var chartName = '${platform.networkOperatorChart}'
var chartVersion = '${platform.networkOperatorVersion}'
var chartNamespace = '${platform.networkOperatorNamespace}'
var chartRepository = '${platform.nvidiaHelmRepository}'
var chartTimeoutSeconds = ${platform.networkOperatorTimeoutSeconds}

// Pod Security Admission level of the operator's namespace: its DaemonSets load kernel modules.
var chartNamespaceEnforce = '${platform.networkOperatorNamespaceEnforce}'

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

// Idempotent: the namespace is applied and labelled, the chart upgraded or installed (its CRDs first),
// then the policy applied.
<#noparse>
var installCommand = 'kubectl create namespace ${chartNamespace} --dry-run=client -o yaml | kubectl apply -f - && kubectl label namespace ${chartNamespace} pod-security.kubernetes.io/enforce=${chartNamespaceEnforce} --overwrite && helm upgrade --install ${chartName} ${chartName} --repo ${chartRepository} --version ${chartVersion} --namespace ${chartNamespace} --set-json \'node-feature-discovery.worker.tolerations=${string(nodeFeatureDiscoveryTolerations)}\' --wait --timeout ${chartTimeoutSeconds}s && kubectl apply -f manifest.json'
</#noparse>

// spec.nodePools[i].fabric InfiniBand
resource scriptNetworkOperator 'Microsoft.Resources/deploymentScripts@${platform.api.deploymentScripts}' = {
  name: 'modelplane-nvidia-network-operator'
  location: location
  kind: 'AzureCLI'
  identity: {
    type: 'UserAssigned'
    userAssignedIdentities: {
      <#noparse>'${installerIdentityId}'</#noparse>: {}
    }
  }
  properties: {
    azCliVersion: '${platform.azCliVersion}'
    retentionInterval: 'PT1H'
    timeout: 'PT45M'
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
        value: installCommand
      }
      {
        name: 'MANIFEST_JSON'
        value: string(nicClusterPolicy)
      }
    ]
  }
}

@description('Chart and version installed.')
output chart string = '<#noparse>${chartName}@${chartVersion}</#noparse>'
