/*
 * The code family table (code_families.h): every row builds every one of its
 * standard specs (or examples) as the kind it says, the default rule parameters
 * are those the families have always had, and an unknown family is refused
 * with the families listed.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test_util.h"
#include <cppunit/extensions/HelperMacros.h>
#include <gpufec/code.h>
#include <gpufec/code_families.h>
#include <gpufec/error.h>
#include <gpufec/standard_codes.h>
#include <set>
#include <string>
#include <vector>

using namespace gpufec;

class qa_code_families : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_code_families);
    CPPUNIT_TEST(test_rows);
    CPPUNIT_TEST(test_every_spec_builds);
    CPPUNIT_TEST(test_rule_defaults);
    CPPUNIT_TEST(test_unknown_family);
    CPPUNIT_TEST(test_help);
    CPPUNIT_TEST_SUITE_END();

    static float def_alpha(const std::string& spec)
    {
        return default_rule_parameters(*ldpc_code::make(spec)).alpha;
    }

    static void check_defaults(const std::string& spec, rule_parameters want)
    {
        const rule_parameters got = default_rule_parameters(*ldpc_code::make(spec));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(spec, want.alpha, got.alpha);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(spec, want.beta, got.beta);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(spec, want.iterations, got.iterations);
    }

public:
    void test_rows()
    {
        std::vector<std::string> names;
        std::set<std::string> unique;
        for (const code_family& f : code_families()) {
            names.push_back(f.name);
            unique.insert(f.name);
            CPPUNIT_ASSERT_MESSAGE(f.name, !f.grammar.empty() && !f.help.empty());
            CPPUNIT_ASSERT_MESSAGE(f.name, f.grammar.rfind(f.name + ":", 0) == 0);
            CPPUNIT_ASSERT_MESSAGE(f.name, !f.label.empty());
            CPPUNIT_ASSERT_MESSAGE(f.name,
                                   f.nonbinary ? (f.make_nonbinary && !f.make_binary)
                                               : (f.make_binary && !f.make_nonbinary));
            CPPUNIT_ASSERT_MESSAGE(f.name, !f.nonbinary || f.rule_defaults == nullptr);
            CPPUNIT_ASSERT_MESSAGE(
                f.name, (f.input == code_family::input_kind::file) == f.choices.empty());
            CPPUNIT_ASSERT_MESSAGE(f.name, f.choices.empty() == f.example.empty());
            CPPUNIT_ASSERT_EQUAL(&f, find_code_family(f.name));
            CPPUNIT_ASSERT_EQUAL(&f, &code_family_named(f.name));
        }
        CPPUNIT_ASSERT_EQUAL(names.size(), unique.size());
        const std::vector<std::string> want = { "wifi",  "wimax",  "dvbs2", "nr5g",
                                                "alist", "galist", "qc",    "nbalist",
                                                "nbqc",  "nbreg" };
        CPPUNIT_ASSERT(names == want);
        CPPUNIT_ASSERT(standard_families() ==
                       std::vector<std::string>({ "wifi", "wimax", "dvbs2", "nr5g" }));
        CPPUNIT_ASSERT_EQUAL(size_t(12), standard_code_specs("wifi").size());
        CPPUNIT_ASSERT_EQUAL(size_t(114), standard_code_specs("wimax").size());
        CPPUNIT_ASSERT_EQUAL(size_t(21), standard_code_specs("dvbs2").size());
        CPPUNIT_ASSERT_EQUAL(size_t(102), standard_code_specs("nr5g").size());
        CPPUNIT_ASSERT(code_family_of_spec("nbqc:16:2:8") == find_code_family("nbqc"));
        CPPUNIT_ASSERT(code_family_of_spec("nbqc") == nullptr);
        CPPUNIT_ASSERT(code_family_of_spec("/tmp/h.alist") == nullptr);
    }

    void test_every_spec_builds()
    {
        for (const code_family& f : code_families()) {
            for (const std::string& spec : f.standard_specs()) {
                CPPUNIT_ASSERT_EQUAL_MESSAGE(
                    spec, f.nonbinary, nb_code::is_nb_spec(spec));
                const code_handle c = make_code(spec);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(spec, !f.nonbinary, c.is_binary());
                CPPUNIT_ASSERT_EQUAL_MESSAGE(spec, spec, c.name());
                CPPUNIT_ASSERT_MESSAGE(spec, c.n() > 0);
                if (f.nonbinary) {
                    CPPUNIT_ASSERT_MESSAGE(spec, f.make_nonbinary(spec, 0)->n() == c.n());
                } else {
                    const auto rest = spec.substr(spec.find(':') + 1);
                    CPPUNIT_ASSERT_MESSAGE(spec, f.make_binary(spec, rest)->n() == c.n());
                }
            }
        }
    }

    void test_rule_defaults()
    {
        // The values rule_defaults.cc always had.
        for (const char* spec : { "wifi:648:1/2", "wifi:1944:5/6", "wimax:2304:3/4A" }) {
            check_defaults(spec, { 0.8125f, 0.5f, 10 });
        }
        check_defaults("nr5g:bg1:384", { 0.6875f, 0.5f, 10 });
        check_defaults("nr5g:bg2:52", { 0.6875f, 0.5f, 10 });
        const struct {
            const char* rate;
            rule_parameters normal, short_frame;
        } dvbs2[] = {
            { "1/4", { 0.9375f, 0.25f, 50 }, { 0.9375f, 0.25f, 50 } },
            { "1/3", { 0.875f, 0.25f, 50 }, { 0.875f, 0.25f, 50 } },
            { "2/5", { 0.875f, 0.25f, 30 }, { 0.875f, 0.25f, 30 } },
            { "1/2", { 0.8125f, 0.25f, 50 }, { 0.875f, 0.25f, 50 } },
            { "3/5", { 0.75f, 0.25f, 30 }, { 0.75f, 0.25f, 30 } },
            { "2/3", { 0.875f, 0.25f, 30 }, { 0.875f, 0.25f, 30 } },
            { "3/4", { 0.875f, 0.25f, 30 }, { 0.875f, 0.25f, 30 } },
            { "4/5", { 0.875f, 0.25f, 20 }, { 0.875f, 0.25f, 20 } },
            { "5/6", { 0.875f, 0.25f, 20 }, { 0.875f, 0.25f, 20 } },
            { "8/9", { 0.875f, 0.25f, 20 }, { 0.875f, 0.25f, 20 } },
        };
        for (const auto& r : dvbs2) {
            check_defaults(std::string("dvbs2:normal:") + r.rate, r.normal);
            check_defaults(std::string("dvbs2:short:") + r.rate, r.short_frame);
        }
        check_defaults("dvbs2:normal:9/10", { 0.875f, 0.25f, 20 });
        // Every other code: 0.75, 0.5, 10.
        const rule_parameters other = other_code_rule_parameters();
        CPPUNIT_ASSERT_EQUAL(0.75f, other.alpha);
        CPPUNIT_ASSERT_EQUAL(0.5f, other.beta);
        CPPUNIT_ASSERT_EQUAL(10, other.iterations);
        const ldpc_code::sptr std_code = ldpc_code::make("wifi:648:1/2");
        const ldpc_code::sptr renamed =
            ldpc_code::from_matrix(std_code->h(), {}, "my code", "generic");
        CPPUNIT_ASSERT_EQUAL(0.75f, default_rule_parameters(*renamed).alpha);
        // The family is matched as the spec names it (case-sensitive, as before).
        CPPUNIT_ASSERT_EQUAL(0.75f, def_alpha("WIFI:648:1/2"));
        CPPUNIT_ASSERT_EQUAL(0.8125f, def_alpha("wifi:648:1/2"));
    }

    void test_unknown_family()
    {
        GPUFEC_ASSERT_THROW_MSG(code_family_named("ccsds"),
                                invalid_argument,
                                "unknown code family 'ccsds'; families: wifi, wimax, "
                                "dvbs2, nr5g, alist, galist, qc, nbalist, nbqc, nbreg");
        CPPUNIT_ASSERT(find_code_family("ccsds") == nullptr);
        CPPUNIT_ASSERT(find_code_family("WIFI") == nullptr);
        GPUFEC_ASSERT_THROW_MSG(standard_code_specs("alist"),
                                invalid_argument,
                                "'alist' is not a standard code family; families: wifi, "
                                "wimax, dvbs2, nr5g");
        GPUFEC_ASSERT_THROW_MSG(ldpc_code::make("ccsds:1024:1/2"),
                                invalid_argument,
                                "unknown family 'ccsds'");
        GPUFEC_ASSERT_THROW_MSG(
            ldpc_code::make("nbqc:16:2:8"), invalid_argument, "expected three fields");
        GPUFEC_ASSERT_THROW_MSG(
            nb_code::make("wifi:648:1/2"), invalid_argument, "unknown form");
        GPUFEC_ASSERT_THROW_MSG(
            make_code("ccsds:1024:1/2"), invalid_argument, "unknown family 'ccsds'");
    }

    void test_help()
    {
        const std::string binary = ldpc_code::spec_forms();
        const std::string nonbinary = nb_code::spec_forms();
        CPPUNIT_ASSERT(binary.rfind("valid code specs:\n", 0) == 0);
        CPPUNIT_ASSERT(nonbinary.rfind("nonbinary code specs:\n", 0) == 0);
        for (const code_family& f : code_families()) {
            const std::string& text = f.nonbinary ? nonbinary : binary;
            const std::string& other = f.nonbinary ? binary : nonbinary;
            CPPUNIT_ASSERT_MESSAGE(f.name, text.find(f.help) != std::string::npos);
            CPPUNIT_ASSERT_MESSAGE(f.name, other.find(f.help) == std::string::npos);
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_code_families);
