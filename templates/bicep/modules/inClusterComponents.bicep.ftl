<#ftl output_format="Bicep" strip_whitespace=true>
<#import "/bicep/lib.ftl" as lib>
<@lib.moduleHeader/>
// Everything the cluster holds besides its nodes, converged by one deployment script through the
// AKS run command (Bicep has no Helm or Kubernetes resource):
// - the ReadWriteMany StorageClass for ModelCache (status.cache.storageClassName), always;
// - the GPU stack (spec.gpuStack) while the cluster has a GPU pool: node feature discovery with
//   the NVIDIA DRA driver (DRA) or the NVIDIA device plugin (DevicePlugin), and the removal of
//   whatever the stack no longer needs (a mode switch, the last GPU pool gone, None);
// - the NVIDIA network operator chart and its NicClusterPolicy while some pool sets
//   spec.nodePools[i].fabric InfiniBand, and their removal once none does.
// The command and its files are built by the generator from one model of the in-cluster objects,
// the same model the Terraform output is written from; this module only runs them.
// The script exists for every cluster because deleting a deployment script (as a deployment stack
// does for a resource that left the template) undoes nothing it did in the cluster: only a run of
// the removal command does. Each command is idempotent (kubectl apply, helm upgrade --install,
// helm uninstall only of a release that exists, kubectl delete --ignore-not-found).
// The script runs again whenever one of its properties changes, that is whenever the desired state
// changes ("Run a script more than once", learn.microsoft.com Bicep deployment-script-develop), and
// on the first deployment after retentionInterval has deleted the finished script resource.

@description('Azure region of the deployment script (spec.location).')
@minLength(${platform.bounds["spec.location"].minLength})
@maxLength(${platform.bounds["spec.location"].maxLength})
param location string

@description('Name of the managed cluster.')
@minLength(1)
@maxLength(${platform.limits.clusterName})
param clusterName string

@description('Resource ID of the user-assigned identity allowed to use the AKS run command on the cluster.')
param installerIdentityId string

@description('Name of the StorageClass (status.cache.storageClassName).')
@minLength(1)
@maxLength(${platform.bounds["status.cache.storageClassName"].maxLength})
param storageClassName string

@description('The shell command the run command converges the cluster with: every component the cluster needs installed, every other one removed.')
@minLength(1)
param command string
<#if tags>

@description('Azure tags of the deployment script (spec.tags).')
param tags object = {}
</#if>

@description('The files the command reads, as one JSON object from file name to content: the Kubernetes objects and the Helm values of the components the cluster needs.')
@minLength(2)
param manifests string

// status.cache.storageClassName, spec.gpuStack, spec.nodePools[i].fabric
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
        value: manifests
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
