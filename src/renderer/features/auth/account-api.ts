import type { TokenAnswer } from '../../../shared/auth/auth-contract';
import type {
  AccountAnswer,
  ChangePasswordPayload,
  ForgotPasswordPayload,
  MessageAnswer,
  PasswordSetAnswer,
  ResetPasswordPayload,
  TwoFactorEnabledAnswer,
  TwoFactorEnablePayload,
  TwoFactorRemovePayload,
  TwoFactorSetupAnswer,
  TwoFactorSetupPayload,
  TwoFactorVerifyPayload,
} from '../../../shared/auth/account-contract';
import type { PlainAck } from '../../../shared/http/acknowledgements';
import { api, tags } from '../../store/api';
import { apiPaths } from '../../../shared/http/api-routes';

/**
 * The account calls: the account screen's (password, second factor, sign out everywhere, recent
 * activity) and the signed-out ones (a forgotten password, the login's code step).
 */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAccount: build.query<AccountAnswer, void>({
      query: () => apiPaths.account.path(),
      providesTags: [tags.account],
    }),
    /**
     * Answers the new token, which refreshes the account once it is stored (startSession): a
     * refetch before that would still carry the old token, which the server now refuses.
     */
    changePassword: build.mutation<TokenAnswer, ChangePasswordPayload>({
      query: (body) => ({ url: apiPaths.changePassword.path(), method: 'POST', body }),
    }),
    signOutEverywhere: build.mutation<PlainAck, void>({
      query: () => ({ url: apiPaths.signOutEverywhere.path(), method: 'POST' }),
    }),
    setUpTwoFactor: build.mutation<TwoFactorSetupAnswer, TwoFactorSetupPayload>({
      query: (body) => ({ url: apiPaths.twoFactorSetup.path(), method: 'POST', body }),
    }),
    enableTwoFactor: build.mutation<TwoFactorEnabledAnswer, TwoFactorEnablePayload>({
      query: (body) => ({ url: apiPaths.twoFactorEnable.path(), method: 'POST', body }),
      invalidatesTags: [tags.account],
    }),
    /** Answers the new token, like changePassword. */
    removeTwoFactor: build.mutation<TokenAnswer, TwoFactorRemovePayload>({
      query: (body) => ({ url: apiPaths.twoFactor.path(), method: 'DELETE', body }),
    }),
    verifyTwoFactor: build.mutation<TokenAnswer, TwoFactorVerifyPayload>({
      query: (body) => ({ url: apiPaths.twoFactorVerify.path(), method: 'POST', body }),
    }),
    forgotPassword: build.mutation<MessageAnswer, ForgotPasswordPayload>({
      query: (body) => ({ url: apiPaths.forgotPassword.path(), method: 'POST', body }),
    }),
    /** An invitation's link may answer a token as well: the person is signed in. */
    resetPassword: build.mutation<PasswordSetAnswer, ResetPasswordPayload>({
      query: (body) => ({ url: apiPaths.resetPassword.path(), method: 'POST', body }),
    }),
  }),
});

export const {
  useGetAccountQuery,
  useChangePasswordMutation,
  useSignOutEverywhereMutation,
  useSetUpTwoFactorMutation,
  useEnableTwoFactorMutation,
  useRemoveTwoFactorMutation,
  useVerifyTwoFactorMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = accountApi;
