<#ftl output_format="Bicep" strip_whitespace=true>
<#import "/bicep/lib.ftl" as lib>
<@lib.moduleHeader/>
// The ReadWriteMany StorageClass for ModelCache (status.cache.storageClassName): Azure Files Premium
// over SMB, applied through the AKS run command by a deployment script.

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

@description('Name of the StorageClass (status.cache.storageClassName).')
@minLength(1)
@maxLength(${platform.limits.storageClassName})
param storageClassName string

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

// status.cache.storageClassName
resource scriptModelCache 'Microsoft.Resources/deploymentScripts@${platform.api.deploymentScripts}' = {
  name: 'modelplane-model-cache'
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
    timeout: 'PT30M'
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
        value: 'kubectl apply -f manifest.json'
      }
      {
        name: 'MANIFEST_JSON'
        value: string(storageClass)
      }
    ]
  }
}

@description('Name of the StorageClass ModelCache PVCs use.')
output storageClassName string = storageClassName
