#pragma once

// Whether this test was built with AddressSanitizer (the asan preset). A test of the largest
// input the documented limits allow leaves that input to the normal build: under the sanitizers
// it runs several times slower, and the smaller inputs reach the same code.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kUnderSanitizers = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kUnderSanitizers = true;
#else
inline constexpr bool kUnderSanitizers = false;
#endif
#else
inline constexpr bool kUnderSanitizers = false;
#endif
