<#ftl output_format="Bicep" strip_whitespace=true>
<#import "/bicep/lib.ftl" as lib>
<@lib.moduleHeader/>
// Fails the deployment early when the ${platform.infinibandFeature.name} subscription feature is not Registered
// (spec.nodePools[*].fabric InfiniBand). The caller passes the feature's state, or fail() with the
// fix; this module deploys nothing and owns nothing.

@description('State of the ${platform.infinibandFeature.qualifiedName} subscription feature; only Registered is accepted.')
@allowed([
  'Registered'
])
param featureState string

@description('The checked feature state.')
output checkedFeatureState string = featureState
