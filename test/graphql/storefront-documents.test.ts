import { parse, validate } from 'graphql';
import { buildGraphQLSchema } from '../../src/graphql/schema.js';

/**
 * Documents as storefronts written for the platform send them (the shapes of the commercetools
 * documentation and its sample storefronts): each must validate against our schema unchanged.
 */
const schema = buildGraphQLSchema();

const DOCUMENTS: Record<string, string> = {
  signUp: `
    mutation SignUp($draft: CustomerSignUpDraft!) {
      customerSignUp(draft: $draft) {
        customer { id version email firstName lastName isEmailVerified }
        cart { id version }
      }
    }`,
  signIn: `
    mutation SignIn($email: String!, $password: String!, $anonymousCartId: String) {
      customerSignIn(draft: { email: $email, password: $password, anonymousCartId: $anonymousCartId, anonymousCartSignInMode: MergeWithExistingCustomerCart }) {
        customer { ...CustomerFields }
        cart { id }
      }
    }
    fragment CustomerFields on Customer {
      id version email firstName lastName title salutation dateOfBirth companyName vatId locale
      isEmailVerified customerNumber externalId key
      addresses { ...AddressFields }
      defaultShippingAddressId defaultBillingAddressId shippingAddressIds billingAddressIds
      defaultShippingAddress { ...AddressFields }
      createdAt lastModifiedAt
    }
    fragment AddressFields on Address {
      id key title salutation firstName lastName streetName streetNumber additionalStreetInfo postalCode city region state
      country company department building apartment pOBox additionalAddressInfo externalId
      contactInfo { phone mobile email fax }
    }`,
  signMeIn: `
    mutation SignMeIn($draft: CustomerSignMeInDraft!) {
      customerSignMeIn(draft: $draft) { customer { id email } cart { id } }
    }`,
  signMeUp: `
    mutation SignMeUp($draft: CustomerSignMeUpDraft!, $storeKey: KeyReferenceInput) {
      customerSignMeUp(draft: $draft, storeKey: $storeKey) { customer { id email stores { key } storesRef { key typeId } } }
    }`,
  me: `
    query Me {
      me {
        customer {
          id version email firstName lastName
          shippingAddresses { id city country }
          billingAddresses { id city country }
          customerGroup { id name }
          customerGroupRef { id typeId }
          authenticationMode
          custom { typeRef { id typeId } customFieldsRaw { name value } }
          customFieldsRaw(includeNames: ["newsletter"]) { name value }
          customFieldList(includeNames: ["newsletter", "level"]) { name ... on BooleanField { value } ... on EnumField { key label } }
          custom { type { key } customFieldList { name ... on StringField { value } } }
          customFields { typeRef { id } }
          addresses { id custom { customFieldList { name } } }
        }
      }
    }`,
  updateMe: `
    mutation UpdateMe($version: Long!, $actions: [MyCustomerUpdateAction!]!) {
      updateMyCustomer(version: $version, actions: $actions) { id version }
    }`,
  updateMeInline: `
    mutation AddAddress($version: Long!, $address: AddressInput!) {
      updateMyCustomer(version: $version, actions: [
        { addAddress: { address: $address } },
        { setFirstName: { firstName: "Jane" } },
        { setDefaultShippingAddress: { addressId: "a1" } },
        { setCustomField: { name: "newsletter", value: "true" } }
      ]) { id version addresses { id } }
    }`,
  updateCustomer: `
    mutation UpdateCustomer($id: String!, $version: Long!) {
      updateCustomer(id: $id, version: $version, actions: [
        { setCustomerGroup: { customerGroup: { typeId: "customer-group", key: "vip" } } },
        { setCustomType: { typeKey: "customer-fields", fields: [{ name: "level", value: "\\"gold\\"" }] } },
        { changeEmail: { email: "new@example.com" } },
        { setKey: { key: "jane" } },
        { setCustomerNumber: { customerNumber: "C-100" } }
      ]) { id version customerGroupRef { id } }
    }`,
  passwords: `
    mutation ChangeMyPassword($version: Long!, $currentPassword: String!, $newPassword: String!) {
      customerChangeMyPassword(version: $version, currentPassword: $currentPassword, newPassword: $newPassword) { id version }
    }`,
  resetFlow: `
    mutation RequestReset($email: String!) {
      customerCreatePasswordResetToken(email: $email, ttlMinutes: 60) { value expiresAt customerId }
    }
    mutation Reset($tokenValue: String!, $newPassword: String!) {
      customerResetPassword(tokenValue: $tokenValue, newPassword: $newPassword) { id version }
    }
    query ByPasswordToken($token: String!) { customer(passwordToken: $token) { id email } }`,
  // As written for the current platform, whose token types are CustomerPasswordToken / CustomerEmailToken.
  tokenFieldsOfThePlatform: `
    mutation RequestReset($email: String!) {
      customerCreatePasswordResetToken(email: $email, ttlMinutes: 60, invalidateOlderTokens: true) {
        id customerId value expiresAt invalidateOlderTokens version createdAt lastModifiedAt createdBy { clientId } lastModifiedBy { clientId }
      }
    }`,
  emailFlow: `
    mutation CreateEmailToken($id: String!, $version: Long) {
      customerCreateEmailVerificationToken(id: $id, version: $version, ttlMinutes: 1440) { id value expiresAt }
    }
    mutation ConfirmMyEmail($tokenValue: String!) { customerConfirmMyEmail(tokenValue: $tokenValue) { id isEmailVerified } }
    mutation ConfirmEmail($tokenValue: String!) { customerConfirmEmail(tokenValue: $tokenValue) { id isEmailVerified } }`,
  backoffice: `
    query Customers($where: String, $limit: Int, $offset: Int) {
      customers(where: $where, sort: ["createdAt desc"], limit: $limit, offset: $offset) {
        offset count total
        results { id email firstName lastName createdBy { clientId isPlatformClient } lastModifiedBy { clientId } }
      }
      customer(key: "jane") { id }
    }
    mutation DeleteCustomer($id: String!, $version: Long!) {
      deleteCustomer(id: $id, version: $version, personalDataErasure: true) { id }
    }
    mutation DeleteMe($version: Long!) { deleteMyCustomer(version: $version) { id } }`,
  inStore: `
    query StoreCustomers($store: KeyReferenceInput!) {
      inStore(key: $store) { customers(limit: 10) { total results { id email } } customer(id: "x") { id } me { customer { id email } } }
    }
    mutation StoreSignIn($store: KeyReferenceInput!) {
      customerSignIn(storeKey: $store, draft: { email: "a@example.com", password: "p" }) { customer { id stores { key name(locale: "en") } } }
    }`,
};

describe.each(Object.entries(DOCUMENTS))('%s', (_name, document) => {
  it('validates against our schema', () => {
    expect(validate(schema, parse(document)).map((e) => e.message)).toEqual([]);
  });
});

it('a document using a field the platform does not have is refused (the check can fail)', () => {
  expect(validate(schema, parse('{ me { customer { passwordHash } } }'))).toHaveLength(1);
});
